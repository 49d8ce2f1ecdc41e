/** The instant tests start at: Monday 2025-03-10, 09:00 in China. The template database is seeded for it. */
export const TEST_START = '2025-03-10T01:00:00.000Z';
