import { api } from '@patient/api-client';
import { type AppointmentStatus, unlockSource } from '@patient/contract';
import { useCallback, useEffect, useRef } from 'react';

/** Releases scheduled for orders whose page just unmounted; a remount (StrictMode, quick return) takes it back. */
const scheduled = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * The hold rule of the order page: leaving it while the order is still LOCKED (slot held, order not placed)
 * releases the slot at once (unlockSource), so that another patient can book it. A PENDING_PAYMENT order is
 * not released: the patient may still pay it from the list or the detail, and the service expires its hold.
 * Leaving to add a contact or a card keeps the hold (call keepHold() first): the patient comes back to finish.
 * Closing the tab releases nothing; the service expires the hold on its own.
 */
export function useReleaseHoldOnLeave(
  orderId: string | null,
  status: AppointmentStatus | undefined,
  hospitalId: string | undefined,
) {
  const statusRef = useRef(status);
  statusRef.current = status;
  const hospitalRef = useRef(hospitalId);
  hospitalRef.current = hospitalId;
  const keep = useRef(false);

  useEffect(() => {
    if (!orderId) return;
    const pending = scheduled.get(orderId);
    if (pending !== undefined) {
      clearTimeout(pending);
      scheduled.delete(orderId);
    }
    keep.current = false;
    return () => {
      const hospital = hospitalRef.current;
      if (statusRef.current !== 'LOCKED' || keep.current || !hospital) return;
      scheduled.set(
        orderId,
        setTimeout(() => {
          scheduled.delete(orderId);
          api
            .request(
              unlockSource,
              { params: { hospitalId: hospital }, body: { orderId } },
              { silent: true, keepOnRouteChange: true },
            )
            .catch(() => undefined);
        }, 0),
      );
    };
  }, [orderId]);

  /** Keeps the hold when the page is left next (for a detour that comes back). */
  return useCallback(() => {
    keep.current = true;
  }, []);
}
