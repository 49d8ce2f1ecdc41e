/** Test helpers of the consent screens (not used by the app): a fake of its call. */
import type { ConsentItem } from '@patient/contract';
import { type FeatureOptions, LoopbackService, ok, type Route } from '@patient/feature-kit/testing';

export { bodyShows, fail } from '@patient/feature-kit/testing';

export class FakeService extends LoopbackService {
  note = '医院 1000 的隐私与授权信息（模拟）';
  items: ConsentItem[] = [{ itemId: '1', title: '示例：隐私与授权', createdAt: '2030-05-10T01:00:00.000Z' }];

  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/consent$/, () => ok({ note: this.note, items: this.items })],
  ];
}

/** The options of the harness (setupFeature): hospital 1000, contacts not loaded. */
export const harness = {
  service: FakeService,
  seed: { contacts: null },
} satisfies FeatureOptions<FakeService>;
