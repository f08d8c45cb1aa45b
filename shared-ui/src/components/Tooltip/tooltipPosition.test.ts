import { tooltipPosition } from './tooltipPosition';

const viewport = { width: 1280, height: 800 };
const bubble = { width: 200, height: 30 };

describe('tooltipPosition', () => {
  it('centres the bubble above the trigger by default', () => {
    expect(tooltipPosition({ left: 500, top: 300, width: 100, height: 40 }, bubble, viewport, 'top')).toEqual({
      left: 450,
      top: 262,
      placement: 'top',
    });
  });
  it('goes below when asked', () => {
    expect(tooltipPosition({ left: 500, top: 300, width: 100, height: 40 }, bubble, viewport, 'bottom').top).toBe(348);
  });
  it('flips below when there is no room above (a button in the header)', () => {
    expect(tooltipPosition({ left: 500, top: 10, width: 100, height: 40 }, bubble, viewport, 'top')).toMatchObject({
      top: 58,
      placement: 'bottom',
    });
  });
  it('stays inside the window at the right and left edges', () => {
    expect(tooltipPosition({ left: 1220, top: 300, width: 50, height: 40 }, bubble, viewport, 'top').left).toBe(1072);
    expect(tooltipPosition({ left: 0, top: 300, width: 20, height: 40 }, bubble, viewport, 'top').left).toBe(8);
  });
});
