import { EmptyState } from '@patient/ui-kit';
import { Component, type ReactNode } from 'react';
import '../shell.css';

interface Props {
  children: ReactNode;
  /** A new value (the next path) clears the error: the patient has gone elsewhere. */
  resetKey: string;
  /** What a retry does; reloading the page by default (a new release may have replaced the code's files). */
  onRetry?(): void;
}

/**
 * A screen whose code could not load (a dropped connection, a release that replaced its files) or that failed
 * while rendering: a message and a way to reload, instead of a blank page.
 */
export class CodeLoadBoundary extends Component<Props, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="shell-page" data-shell-message="load-failed">
        <EmptyState text="页面加载失败，请检查网络后重试">
          <button
            type="button"
            className="shell-button"
            onClick={() => (this.props.onRetry ? this.props.onRetry() : window.location.reload())}
          >
            重新加载
          </button>
        </EmptyState>
      </div>
    );
  }
}
