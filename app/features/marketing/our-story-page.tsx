import { Link } from '../../lib/router';
import { useDocumentTitle } from '../../lib/document-title';

function signIn() {
  window.location.href = '/api/login';
}

export function OurStoryPage() {
  useDocumentTitle('Our Story');
  return (
    <div className="min-h-dvh bg-stone-50 text-stone-800">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <Link to="/" className="rounded-md font-semibold text-stone-900">
            Wholesale Menus
          </Link>
          <Link to="/" className="inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900">
            Home
          </Link>
        </div>
      </header>

      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        <div className="bg-gradient-to-b from-brand-50 to-stone-50">
          <div className="mx-auto max-w-3xl px-4 pt-12 pb-8 sm:px-6 sm:pt-16">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Our Story</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl">Built on the trade-show floor, not in a boardroom</h1>
            <p className="mt-4 text-lg text-stone-600">
              Wholesale Menus started in Michigan with a simple question: why is the hardest part of wholesale cannabis still finding out what&rsquo;s for sale?
            </p>
          </div>
        </div>

        <article className="mx-auto grid max-w-3xl gap-6 px-4 pb-12 text-base leading-relaxed sm:px-6 sm:text-lg">
          <p>
            I spent my first years in Michigan&rsquo;s licensed market on the wholesale side, walking product between growers, processors and the dispensaries that buy from them.
            When adult-use sales opened up, the number of licensed businesses multiplied almost overnight. The way they talked to each other didn&rsquo;t change at all.
          </p>
          <p>
            Every Monday, sellers rebuilt their menus by hand. A grow would export a spreadsheet, turn it into a PDF, and email it to a list of buyers. By Wednesday half the
            strains were sold out and the prices had moved, but that PDF kept circulating for weeks. Buyers dug through inboxes full of attachments named
            &ldquo;menu_final_v3&rdquo; and still called to ask what was actually available.
          </p>
          <p>
            Trade shows were worse. I watched buyers stand at a booth in a convention hall with no cell signal, trying to open a menu someone had emailed them that morning. The
            attachment wouldn&rsquo;t load, the printed copy had been left in the car, and the conversation ended with &ldquo;I&rsquo;ll text you later.&rdquo; Later often never
            came.
          </p>

          <section aria-labelledby="what-we-built" className="grid gap-4 rounded-xl border border-brand-200 bg-white p-5 shadow-sm sm:p-8">
            <h2 id="what-we-built" className="text-xl font-semibold text-stone-900 sm:text-2xl">
              What we built instead
            </h2>
            <p>
              Wholesale Menus gives every seller one live catalogue and a clean menu link they can share anywhere. When inventory or prices change, the menu changes with it, so
              buyers always see what&rsquo;s really on the shelf. Buyers browse and save menus for free, without creating another account they&rsquo;ll forget the password to.
            </p>
            <p>
              And because so much of this business happens in grow rooms, warehouses and exhibition halls, the app keeps working when the signal drops. Add a product in a back room
              with no Wi-Fi, or pull up a saved menu on a crowded show floor; your changes sync when you&rsquo;re connected again.
            </p>
          </section>

          <p>
            We&rsquo;re still a small Michigan team, and we still spend time at booths and loading docks listening to the people who use what we build. If you sell or buy wholesale
            cannabis, we&rsquo;d like to earn a place in your week.
          </p>
          <p className="font-medium text-stone-900">&mdash; Founder, Wholesale Menus</p>

          <div className="flex flex-col gap-3 rounded-xl bg-brand-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
            <div>
              <h2 className="text-xl font-semibold">Ready to share a menu that stays current?</h2>
              <p className="mt-1 text-base text-brand-100">Sellers start with a 14-day free trial. Buyers are always free.</p>
            </div>
            <button
              type="button"
              onClick={signIn}
              className="inline-flex h-12 shrink-0 items-center justify-center rounded-md bg-white px-6 text-base font-semibold text-brand-900 transition-colors hover:bg-brand-50 focus-visible:outline-white"
            >
              Sign In / Start Free Trial
            </button>
          </div>
        </article>
      </main>
    </div>
  );
}
