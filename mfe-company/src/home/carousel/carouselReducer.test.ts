import {
  carouselReducer,
  initialCarouselState,
  keyToAction,
  swipeToAction,
  wrapIndex,
  type CarouselAction,
  type CarouselState,
} from './carouselReducer';

const run = (actions: CarouselAction[], state: CarouselState = initialCarouselState(3)) =>
  actions.reduce(carouselReducer, state);
const tick: CarouselAction = { type: 'tick' };

describe('carouselReducer', () => {
  it('starts on the first slide with nothing held', () => {
    expect(initialCarouselState(3)).toEqual({ index: 0, count: 3, holdNextTick: false, changedBy: 'start' });
  });

  it('advances one slide per tick and wraps from the last to the first', () => {
    expect(run([tick]).index).toBe(1);
    expect(run([tick, tick]).index).toBe(2);
    expect(run([tick, tick, tick]).index).toBe(0);
    expect(run([tick]).changedBy).toBe('timer');
  });

  it('wraps next after the last slide and previous before the first', () => {
    expect(run([{ type: 'previous' }]).index).toBe(2);
    expect(run([{ type: 'goTo', index: 2 }, { type: 'next' }]).index).toBe(0);
    expect(run([{ type: 'next' }, { type: 'previous' }, { type: 'previous' }]).index).toBe(2);
  });

  it('jumps to a dot', () => {
    expect(run([{ type: 'goTo', index: 1 }]).index).toBe(1);
    expect(
      run([
        { type: 'goTo', index: 2 },
        { type: 'goTo', index: 0 },
      ]).index,
    ).toBe(0);
  });

  it('makes the tick after any visitor navigation a pause, then advances again', () => {
    for (const action of [{ type: 'next' }, { type: 'previous' }, { type: 'goTo', index: 1 }] as CarouselAction[]) {
      const afterVisitor = run([action]);
      expect(afterVisitor.holdNextTick).toBe(true);
      const held = carouselReducer(afterVisitor, tick);
      expect(held.index).toBe(afterVisitor.index);
      expect(held.holdNextTick).toBe(false);
      expect(carouselReducer(held, tick).index).toBe(wrapIndex(afterVisitor.index + 1, 3));
    }
  });

  it('holds only one tick however many times the visitor navigates in between', () => {
    const state = run([{ type: 'next' }, { type: 'next' }, { type: 'goTo', index: 0 }, tick, tick]);
    expect(state.index).toBe(1);
  });

  it('records that the visitor chose the slide (for the live region)', () => {
    expect(run([{ type: 'next' }]).changedBy).toBe('visitor');
    expect(run([{ type: 'next' }, tick]).changedBy).toBe('visitor');
    expect(run([{ type: 'next' }, tick, tick]).changedBy).toBe('timer');
  });
});

describe('keyToAction', () => {
  it('maps the arrows to previous and next', () => {
    expect(keyToAction('ArrowLeft', 3)).toEqual({ type: 'previous' });
    expect(keyToAction('ArrowRight', 3)).toEqual({ type: 'next' });
  });

  it('follows the reading direction on a right-to-left page: ArrowLeft is next, ArrowRight previous', () => {
    expect(keyToAction('ArrowLeft', 3, 'rtl')).toEqual({ type: 'next' });
    expect(keyToAction('ArrowRight', 3, 'rtl')).toEqual({ type: 'previous' });
    expect(keyToAction('ArrowLeft', 3, 'ltr')).toEqual({ type: 'previous' });
    expect(keyToAction('2', 3, 'rtl')).toEqual({ type: 'goTo', index: 1 });
    expect(keyToAction('ArrowUp', 3, 'rtl')).toBeNull();
  });

  it('maps 1 to 3 to the slides and ignores other digits and keys', () => {
    expect(keyToAction('1', 3)).toEqual({ type: 'goTo', index: 0 });
    expect(keyToAction('2', 3)).toEqual({ type: 'goTo', index: 1 });
    expect(keyToAction('3', 3)).toEqual({ type: 'goTo', index: 2 });
    for (const key of ['0', '4', '9', 'ArrowUp', 'ArrowDown', 'Enter', ' ', 'a', '12'])
      expect(keyToAction(key, 3)).toBeNull();
  });
});

describe('swipeToAction', () => {
  it('shows the next slide for a swipe to the left and the previous for one to the right', () => {
    expect(swipeToAction(-120, 10)).toEqual({ type: 'next' });
    expect(swipeToAction(120, -10)).toEqual({ type: 'previous' });
  });

  it('follows the reading direction on a right-to-left page: a swipe to the right is next, to the left previous', () => {
    expect(swipeToAction(120, 10, 'rtl')).toEqual({ type: 'next' });
    expect(swipeToAction(-120, -10, 'rtl')).toEqual({ type: 'previous' });
    expect(swipeToAction(50, 0, 'rtl')).toBeNull();
    expect(swipeToAction(51, 0, 'rtl')).toEqual({ type: 'next' });
    expect(swipeToAction(81, 80, 'rtl')).toEqual({ type: 'next' });
    expect(swipeToAction(80, 120, 'rtl')).toBeNull();
  });

  it('needs more than 50 px', () => {
    expect(swipeToAction(-50, 0)).toBeNull();
    expect(swipeToAction(50, 0)).toBeNull();
    expect(swipeToAction(-51, 0)).toEqual({ type: 'next' });
    expect(swipeToAction(51, 0)).toEqual({ type: 'previous' });
  });

  it('ignores a move that is not mostly horizontal', () => {
    expect(swipeToAction(-80, 80)).toBeNull();
    expect(swipeToAction(80, -120)).toBeNull();
    expect(swipeToAction(-81, 80)).toEqual({ type: 'next' });
  });
});
