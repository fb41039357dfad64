import { Link } from '../lib/router';
import { buttonClasses } from './ui/button';
import { Card } from './ui/card';
import { useDocumentTitle } from '../lib/document-title';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <main id="main-content" className="flex min-h-[60dvh] items-center justify-center p-4">
      <Card className="w-full max-w-md p-8 text-center">
        <p className="text-5xl font-bold text-brand-700" aria-hidden>
          404
        </p>
        <h1 className="mt-2 text-xl font-semibold">Page Not Found</h1>
        <p className="mt-2 text-stone-600">The page you're looking for doesn't exist or has moved.</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
          Go Home
        </Link>
      </Card>
    </main>
  );
}
