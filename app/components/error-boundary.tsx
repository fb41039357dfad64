/** The crash fallback: any render error shows this instead of a blank page. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './ui/button';

type State = { crashed: boolean };

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { crashed: false };

  static getDerivedStateFromError(): State {
    return { crashed: true };
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
          <Button className="mt-6" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
        </div>
      </main>
    );
  }
}
