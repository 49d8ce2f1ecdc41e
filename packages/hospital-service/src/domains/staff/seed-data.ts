/**
 * The simulated corporation's staff of every hospital (their 企业微信 userid, name, title, wards). The ward
 * codes are the beds domain's (BED_WARDS).
 */
export const STAFF_SEED = [
  { corpUserId: 'LiHong', name: '李红', title: '护士长', wards: ['W01', 'W02'] },
  { corpUserId: 'ZhangMin', name: '张敏', title: '责任护士', wards: ['W03'] },
  { corpUserId: 'ZhaoJing', name: '赵静', title: '护士长', wards: ['W04', 'W05', 'W06'] },
] as const;
