import { describe, expect, it } from 'vitest';
import { healthCardPlatformConformance } from './health-card-platform.conformance.ts';
import { HEALTH_CODE_WATCHLIST, SimulatedHealthCardPlatform } from './health-code-platform.ts';

const holder = {
  name: '李娜',
  idNumber: '330102199001010027',
  ethnicity: '01',
  occupation: '17',
  address: '浙江省杭州市上城区解放路1号',
  phone: '13800138000',
  hospitalId: '1000',
};

healthCardPlatformConformance('SimulatedHealthCardPlatform', () => ({
  port: new SimulatedHealthCardPlatform(),
  holder,
  other: { ...holder, name: '张伟', idNumber: '110101199003077777' },
}));

describe('SimulatedHealthCardPlatform', () => {
  it('gives the watch list its colours, everybody else green', async () => {
    const port = new SimulatedHealthCardPlatform();
    for (const [idNumber, color] of HEALTH_CODE_WATCHLIST) {
      expect((await port.healthCode({ name: '某人', idNumber })).color).toBe(color);
    }
    expect((await port.healthCode(holder)).color).toBe('GREEN');
  });
});
