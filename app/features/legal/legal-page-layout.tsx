import { useId, type ReactNode } from 'react';
import { Link } from '../../lib/router';
import { useSiteInfo } from '../../lib/site-info';

export function LegalPageLayout({ title, lastUpdated, children }: { title: string; lastUpdated: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-stone-50 text-stone-800">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link to="/" className="rounded-md text-base font-semibold text-stone-900">
            Wholesale Menus
          </Link>
          <Link to="/" className="inline-flex min-h-10 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
            <span aria-hidden>&larr;</span>
            Back to home
          </Link>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-8 focus:outline-none sm:px-6 sm:py-12">
        <article className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-10">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
          <p className="mt-2 text-sm text-stone-500">Last updated: {lastUpdated}</p>
          <div className="mt-8 grid gap-8 text-[0.9375rem] leading-relaxed break-words">{children}</div>
        </article>
      </main>
    </div>
  );
}

export function LegalSection({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold text-stone-900 sm:text-xl">
        {heading}
      </h2>
      {children}
    </section>
  );
}

export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="grid list-disc gap-1.5 pl-5 marker:text-brand-700">{children}</ul>;
}

/** The operator's contact address, or, when none is configured, where to write instead. */
export function SupportContact() {
  const supportEmail = useSiteInfo()?.supportEmail;
  if (!supportEmail) return <>us by replying to any email you received from the service</>;
  return (
    <a href={`mailto:${supportEmail}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
      {supportEmail}
    </a>
  );
}
