import { createRoot } from 'react-dom/client';

/**
 * api-client's `askSensitiveConsent`: shows feature-consent's sheet (loaded when first needed) over the page,
 * in a root of its own, and resolves true once the consent is recorded, false when the patient declines.
 */
export async function askSensitiveConsent(hospitalId: string): Promise<boolean> {
  const { SensitiveConsentSheet } = await import('@patient/feature-consent/sensitive-consent');
  const container = document.createElement('div');
  document.body.appendChild(container);
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const root = createRoot(container);
  return new Promise<boolean>((resolve) => {
    root.render(
      <SensitiveConsentSheet
        hospitalId={hospitalId}
        onDone={(agreed) => {
          root.unmount();
          container.remove();
          before?.focus();
          resolve(agreed);
        }}
      />,
    );
  });
}
