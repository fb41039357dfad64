import type { ReactNode } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { PRO_PRICE_CENTS, TRIAL_DAYS, type SelfServiceRole } from '../../../sync/contract/constants';
import { dashboardPathFor } from '../../../sync/entities/user-display';
import { Button, buttonClasses } from '../../components/ui/button';
import { useSession } from '../../lib/session-store';
import { openAuthDialog } from '../../lib/auth-dialog-events';
import { useDocumentTitle } from '../../lib/document-title';

const PRICE = `$${(PRO_PRICE_CENTS / 100).toFixed(2)}`;

function startTrial() {
  openAuthDialog({ mode: 'signup', role: 'seller' });
}

function Icon({ children, className = 'h-6 w-6' }: { children: ReactNode; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false" className={className}>
      {children}
    </svg>
  );
}

function LeafMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden focusable="false" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <path d="M16 6c6 5 7.5 11 0 20-7.5-9-6-15 0-20Z" className="fill-white" />
      <path d="M16 12v14M16 18l3-3M16 21l-3-3" fill="none" strokeWidth={1.5} strokeLinecap="round" className="stroke-brand-700" />
    </svg>
  );
}

const FEATURES: Array<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: 'Unlimited products and menus',
    text: 'List your whole catalogue and build as many menus as you need: one per buyer, per harvest or per show.',
    icon: (
      <>
        <path d="m12 3 9 5-9 5-9-5 9-5Z" />
        <path d="m3 13 9 5 9-5" />
      </>
    ),
  },
  {
    title: 'Photo uploads and galleries',
    text: 'Take product photos with your phone or upload them, and give every strain a gallery buyers can flip through.',
    icon: (
      <>
        <path d="M4 8h3l2-3h6l2 3h3v11H4Z" />
        <circle cx="12" cy="13" r="3.5" />
      </>
    ),
  },
  {
    title: 'Analytics and insights',
    text: 'See which menus get opened and which products get attention, so you know who to follow up with.',
    icon: (
      <>
        <path d="M4 20h16" />
        <path d="M7 16v-5M12 16V6M17 16v-8" />
      </>
    ),
  },
  {
    title: 'Priority support',
    text: 'People who know wholesale answer quickly when you need a hand setting up or sharing a menu.',
    icon: <path d="M4 5h16v11H9l-5 4Z" />,
  },
  {
    title: 'Professional sharing links',
    text: 'Every menu gets a clean link that opens on any phone. Buyers need no login and no app download.',
    icon: (
      <>
        <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
        <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      </>
    ),
  },
  {
    title: 'Real-time inventory updates',
    text: 'Change a price or mark a product sold out, and every menu you have shared shows it right away.',
    icon: (
      <>
        <path d="M20 11a8 8 0 0 0-14.9-3M4 4v4h4" />
        <path d="M4 13a8 8 0 0 0 14.9 3M20 20v-4h-4" />
      </>
    ),
  },
];

const STEPS = [
  { title: 'Upload products', text: 'Add strains with category, price per unit, THC and CBD, stock on hand and photos.' },
  { title: 'Create menus', text: 'Pick the products for a menu, give it a name, and it is ready to share.' },
  { title: 'Share links', text: 'Send the menu link by text or email, or open it on your phone at the booth.' },
  { title: 'Close deals', text: 'Buyers browse and save your menu, then reach out to place their order.' },
];

const SAMPLE_ROWS = [
  { name: 'Blue Dream', kind: 'Flower · Indoor', price: '$1,450', thc: '24.8' },
  { name: 'Gelato #41', kind: 'Flower · Indoor', price: '$1,700', thc: '27.3' },
  { name: 'Sour Diesel', kind: 'Flower · Greenhouse', price: '$1,250', thc: '22.1' },
  { name: 'Wedding Cake', kind: 'Flower · Indoor', price: '$1,600', thc: '26.5' },
];

const PLAN_FEATURES = [
  `${TRIAL_DAYS}-day free trial, no credit card`,
  'Unlimited products and menus',
  'Photo uploads and galleries',
  'Analytics and insights',
  'Professional sharing links',
  'Real-time inventory updates',
  'Priority support',
];

function CheckItem({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700">
        <path d="m5 12 5 5L20 7" />
      </Icon>
      <span>{children}</span>
    </li>
  );
}

function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-balance text-stone-900 sm:text-3xl">
        {title}
      </h2>
      {children && <p className="mt-3 text-base text-stone-600 sm:text-lg">{children}</p>}
    </div>
  );
}

function SampleMenuIllustration() {
  return (
    <figure className="mx-auto w-full max-w-md">
      <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xl shadow-brand-900/10">
        <div className="flex items-start justify-between gap-3 border-b border-stone-100 px-4 py-4 sm:px-5">
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">Fall harvest menu</p>
            <p className="truncate font-semibold text-stone-900">Great Lakes Growers</p>
          </div>
          <span className="shrink-0 rounded-full bg-brand-100 px-2.5 py-1 text-xs font-semibold text-brand-800">12 Products</span>
        </div>
        <ul className="divide-y divide-stone-100">
          {SAMPLE_ROWS.map((row) => (
            <li key={row.name} className="flex items-center gap-3 px-4 py-3 sm:px-5">
              <span aria-hidden className="h-10 w-10 shrink-0 rounded-lg bg-gradient-to-br from-brand-200 to-brand-500" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-stone-900">{row.name}</p>
                <p className="truncate text-xs text-stone-500">{row.kind}</p>
              </div>
              <div className="shrink-0 text-right">
                <p className="text-sm font-semibold text-stone-900">
                  {row.price}
                  <span className="font-normal text-stone-500"> / lb</span>
                </p>
                <p className="text-xs font-medium text-brand-700">THC {row.thc}%</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="flex items-center justify-between gap-3 bg-stone-50 px-4 py-3 text-xs text-stone-500 sm:px-5">
          <span>+ 8 more products</span>
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden className="h-2 w-2 rounded-full bg-brand-500" />
            Inventory updated today
          </span>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-xs text-stone-500">Illustrative example. Products and prices are not real listings.</figcaption>
    </figure>
  );
}

function TopNav() {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <Link to="/" className="inline-flex items-center gap-2 rounded-md text-base font-bold text-stone-900">
          <LeafMark className="h-8 w-8" />
          Wholesale Menus
        </Link>
        <nav aria-label="Main" className="-mx-3 flex items-center gap-1 sm:mx-0 sm:gap-2">
          <Link to="/our-story" className={buttonClasses('ghost', 'sm')}>
            Our Story
          </Link>
          <Button variant="ghost" size="sm" onClick={() => openAuthDialog({ mode: 'signin' })}>
            Sign In
          </Button>
          <Button size="sm" onClick={() => openAuthDialog({ mode: 'signup' })}>
            Sign Up
          </Button>
        </nav>
      </div>
    </header>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-12 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-2 lg:items-center lg:gap-16 lg:py-24">
        <div>
          <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800 sm:text-sm">For licensed cannabis sellers and buyers</p>
          <h1 id="hero-title" className="mt-4 text-4xl font-bold tracking-tight text-balance text-stone-900 sm:text-5xl">
            Wholesale menus your buyers can open anywhere
          </h1>
          <p className="mt-5 max-w-xl text-lg text-stone-600">
            Keep one live catalogue, build menus in minutes and share them with a link. No more emailed PDFs or outdated spreadsheets, and it keeps working on a trade-show floor
            with no signal.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={startTrial}>
              Start Free Trial
            </Button>
            <a href="/menu/sample" target="_blank" rel="noopener" className={buttonClasses('outline', 'lg')}>
              View Sample Menu
              <Icon className="h-4 w-4">
                <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />
              </Icon>
              <span className="sr-only">{' (opens in a new tab)'}</span>
            </a>
          </div>
          <p className="mt-4 text-sm text-stone-600">{TRIAL_DAYS}-day free trial · No credit card required · Buyers always free</p>
        </div>
        <SampleMenuIllustration />
      </div>
    </section>
  );
}

function Features() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading id="features-title" eyebrow="Features" title="Everything you need to sell wholesale">
        Built for the way cannabis wholesale actually works, from the grow room to the dispensary buyer&rsquo;s desk.
      </SectionHeading>
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
              <Icon>{feature.icon}</Icon>
            </span>
            <h3 className="mt-4 text-lg font-semibold text-stone-900">{feature.title}</h3>
            <p className="mt-2 text-stone-600">{feature.text}</p>
          </li>
        ))}
        <li className="flex flex-col gap-4 rounded-xl bg-brand-900 p-6 text-white shadow-sm sm:col-span-2 sm:flex-row sm:items-center sm:gap-6 lg:col-span-3 lg:p-8">
          <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-800 text-brand-100">
            <Icon>
              <path d="M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.2-2.6M2 9.3a15 15 0 0 1 5-3M11 4.8A15 15 0 0 1 22 9.3M16.8 10.6a10 10 0 0 1 2.2 2.3M12 20h.01M3 3l18 18" />
            </Icon>
          </span>
          <div>
            <h3 className="text-lg font-semibold">Works offline, where the signal doesn&rsquo;t</h3>
            <p className="mt-2 text-brand-100">
              Add products in the grow room and open your menus on the trade-show floor with no connection. Your changes sync as soon as you&rsquo;re back online.
            </p>
          </div>
        </li>
      </ul>
    </section>
  );
}

function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="bg-stone-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="how-title" eyebrow="How it works" title="From catalogue to closed deal in four steps" />
        <ol className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-stone-200 bg-white p-6">
              <span aria-hidden className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-stone-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-stone-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Pricing() {
  return (
    <section aria-labelledby="pricing-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading id="pricing-title" eyebrow="Pricing" title="One simple plan for sellers">
        Try everything free for {TRIAL_DAYS} days. Buyers never pay.
      </SectionHeading>
      <div className="mx-auto mt-12 grid max-w-4xl gap-6 lg:grid-cols-5">
        <div className="rounded-2xl border-2 border-brand-700 bg-white p-6 shadow-lg sm:p-8 lg:col-span-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-xl font-bold text-stone-900">Pro</h3>
            <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800">{TRIAL_DAYS}-day free trial</span>
          </div>
          <p className="mt-4 flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight text-stone-900">{PRICE}</span>
            <span className="text-stone-600">/month</span>
          </p>
          <p className="mt-2 text-sm text-stone-600">After your free trial. No credit card required to start. Cancel anytime.</p>
          <ul className="mt-6 grid gap-3 text-stone-700">
            {PLAN_FEATURES.map((feature) => (
              <CheckItem key={feature}>{feature}</CheckItem>
            ))}
          </ul>
          <Button size="lg" onClick={startTrial} className="mt-8 w-full">
            Start Free Trial
          </Button>
        </div>
        <div className="flex flex-col rounded-2xl border border-stone-200 bg-stone-50 p-6 sm:p-8 lg:col-span-2">
          <h3 className="text-xl font-bold text-stone-900">Buyers</h3>
          <p className="mt-4 text-4xl font-bold tracking-tight text-stone-900">Free</p>
          <p className="mt-2 text-sm text-stone-600">Always, for dispensaries and retailers.</p>
          <ul className="mt-6 grid gap-3 text-stone-700">
            <CheckItem>Browse menus shared by your suppliers</CheckItem>
            <CheckItem>Save menus to come back to later</CheckItem>
            <CheckItem>Open saved menus offline</CheckItem>
          </ul>
          <Button variant="outline" size="lg" onClick={() => openAuthDialog({ mode: 'signup', role: 'buyer' })} className="mt-8 w-full lg:mt-auto">
            Sign Up as a Buyer
          </Button>
        </div>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6 sm:pb-20">
      <div className="mx-auto max-w-6xl rounded-2xl bg-brand-900 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          Stop emailing PDFs. Start sharing menus.
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-100 sm:text-lg">Set up your catalogue today and send your first menu link before your next buyer meeting.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <button
            type="button"
            onClick={startTrial}
            className="inline-flex h-12 items-center justify-center rounded-md bg-white px-6 text-base font-semibold text-brand-900 transition-colors hover:bg-brand-50 focus-visible:outline-white"
          >
            Start Free Trial
          </button>
          <button
            type="button"
            onClick={() => openAuthDialog({ mode: 'signin' })}
            className="inline-flex h-12 items-center justify-center rounded-md border border-brand-200/40 px-6 text-base font-medium text-white transition-colors hover:bg-brand-800 focus-visible:outline-white"
          >
            Sign In
          </button>
        </div>
      </div>
    </section>
  );
}

const FOOTER_LINK = 'inline-flex min-h-10 items-center rounded-md text-sm text-stone-300 hover:text-white hover:underline focus-visible:outline-white';
const FOOTER_BUTTON =
  'inline-flex h-10 items-center justify-center rounded-md border border-stone-600 px-4 text-sm font-medium text-white transition-colors hover:bg-stone-800 focus-visible:outline-white';

function Footer() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();

  function openDashboard(role: SelfServiceRole) {
    if (user) navigate(dashboardPathFor(user.role));
    else openAuthDialog({ mode: 'signin', role });
  }

  return (
    <footer className="bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <p className="inline-flex items-center gap-2 font-bold text-white">
            <LeafMark className="h-7 w-7" />
            Wholesale Menus
          </p>
          <p className="mt-3 max-w-xs text-sm">Live wholesale menus for licensed cannabis businesses. For adults 21 and older.</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-white">Company</h2>
          <ul className="mt-2 grid">
            <li>
              <Link to="/our-story" className={FOOTER_LINK}>
                Our Story
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={FOOTER_LINK}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-conditions" className={FOOTER_LINK}>
                Terms and Conditions
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">Dashboards</h2>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row md:flex-col lg:flex-row">
            <button type="button" onClick={() => openDashboard('seller')} className={FOOTER_BUTTON}>
              Seller Dashboard
            </button>
            <button type="button" onClick={() => openDashboard('buyer')} className={FOOTER_BUTTON}>
              Buyer Dashboard
            </button>
          </div>
        </div>
      </div>
      <div className="border-t border-stone-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-stone-400 sm:px-6">&copy; {new Date().getFullYear()} Wholesale Menus, LLC. Michigan, USA.</p>
      </div>
    </footer>
  );
}

export function LandingPage() {
  useDocumentTitle(null);
  return (
    <div className="min-h-dvh bg-white text-stone-800">
      <TopNav />
      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <Features />
        <HowItWorks />
        <Pricing />
        <ClosingCallToAction />
      </main>
      <Footer />
    </div>
  );
}
