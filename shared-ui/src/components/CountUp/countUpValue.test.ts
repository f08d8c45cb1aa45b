import { countUpValue } from './countUpValue';

describe('countUpValue', () => {
  it('starts at 0', () => {
    expect(countUpValue(1000, 0, 5000)).toBe(0);
  });
  it('eases out: more than half the way after half the time', () => {
    const half = countUpValue(1000, 2500, 5000);
    expect(half).toBeGreaterThan(500);
    expect(half).toBeLessThan(1000);
  });
  it('only climbs as time passes', () => {
    const values = Array.from({ length: 51 }, (_, i) => countUpValue(150, i * 100, 5000));
    values.slice(1).forEach((value, i) => expect(value).toBeGreaterThanOrEqual(values[i]!));
  });
  it('reaches exactly the target when the time is up, and stays there', () => {
    expect(countUpValue(10, 5000, 5000)).toBe(10);
    expect(countUpValue(10, 9000, 5000)).toBe(10);
  });
  it('shows whole numbers', () => {
    expect(Number.isInteger(countUpValue(200, 1234, 5000))).toBe(true);
  });
  it('shows the target at once for a zero-length count', () => {
    expect(countUpValue(200, 0, 0)).toBe(200);
  });
});
