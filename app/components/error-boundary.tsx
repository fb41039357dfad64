/**
 * The crash fallback: any render error shows this instead of a blank page. A screen whose code this device never
 * downloaded (opened for the first time with no connection) says so too, so the person knows a connection fixes it.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './ui/button';

type State = { crashed: boolean; codeMissing: boolean };

/** Chromium's and Firefox's words, then Safari's, for a module that could not be fetched. */
const MISSING_CODE = /dynamically imported module|Importing a module script failed/;

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { crashed: false, codeMissing: false };

  static getDerivedStateFromError(error: unknown): State {
    return { crashed: true, codeMissing: error instanceof Error && MISSING_CODE.test(error.message) };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.crashed) return this.props.children;
    return (
      <main className="flex min-h-dvh items-center justify-center p-4">
        <div role="alert" className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-8 text-center shadow-sm">
          <h1 className="text-xl font-semibold">Something went wrong</h1>
          <p className="mt-2 text-stone-600">We're sorry, but something unexpected happened.</p>
          {this.state.codeMissing && <p className="mt-2 text-stone-600">This screen is not on this device yet: it opens once you are back online.</p>}
          <Button className="mt-6" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
        </div>
      </main>
    );
  }
}
