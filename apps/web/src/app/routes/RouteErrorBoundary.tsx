import { Component, type ReactNode } from 'react';
import { RouteErrorScreen } from '../screens/RouteErrorScreen';

interface RouteErrorBoundaryProps {
  /** The current path: moving to another page clears the error. */
  resetKey: string;
  children: ReactNode;
}

/** Catches a screen that fails to load or render so the user gets a page with a way out, not a blank one. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { error: unknown; errorKey: string | undefined }> {
  state = { error: undefined as unknown, errorKey: undefined as string | undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: { error: unknown; errorKey: string | undefined }) {
    if (state.error === undefined) return null;
    if (state.errorKey === undefined) return { errorKey: props.resetKey };
    return state.errorKey === props.resetKey ? null : { error: undefined, errorKey: undefined };
  }

  componentDidCatch(error: unknown) {
    console.error('A page failed to render.', error);
  }

  render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorScreen />;
  }
}
