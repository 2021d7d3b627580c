import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Catches render errors anywhere below it and shows the spec's 'Oops! Something went wrong'. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto mt-24 max-w-lg card text-center">
        <h1 className="mb-2 text-2xl font-semibold">Oops! Something went wrong</h1>
        <p className="mb-4 text-slate-300">{this.state.error.message}</p>
        <button type="button" className="btn-primary" onClick={() => window.location.assign('/dashboard')}>
          Retour au tableau de bord
        </button>
      </div>
    );
  }
}
