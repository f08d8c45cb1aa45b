import { formatTime } from './formatTime';

describe('formatTime', () => {
  it('gives hour and minute, 24-hour, zero-padded, in local time', () => {
    expect(formatTime(new Date(2025, 0, 5, 9, 5).toISOString())).toBe('09:05');
    expect(formatTime(new Date(2025, 0, 5, 23, 59, 59).toISOString())).toBe('23:59');
  });

  it('gives nothing for a bad timestamp', () => {
    expect(formatTime('yesterday')).toBe('');
  });
});
