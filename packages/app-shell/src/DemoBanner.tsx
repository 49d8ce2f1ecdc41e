import { useAppState } from '@patient/app-state';

/** The strip's text: what a visitor of a demonstration deployment must know. */
export const DEMO_BANNER_TEXT = '演示环境：数据为模拟，不会真实扣款或就诊';

/**
 * The 演示环境 strip at the top of every screen while the service is a demonstration deployment (the start-up
 * answer's `demo`): small, not dismissable, outside the `main` landmark; a `note` so screen readers announce
 * it with the page. Sized by ui-kit's variables (elder mode enlarges it).
 */
export function DemoBanner() {
  const demo = useAppState((s) => s.demo);
  if (!demo) return null;
  return (
    <div className="shell-demo-banner" role="note" aria-label="演示环境">
      {DEMO_BANNER_TEXT}
    </div>
  );
}
