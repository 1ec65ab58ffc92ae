import { describe, expect, it } from 'vitest';

import { routeFits, routePath } from './edge-path.ts';

describe('routePath', () => {
  it('draws a straight route as one line and rounds each corner of an orthogonal one', () => {
    expect(
      routePath([
        { x: 0, y: 0 },
        { x: 0, y: 40 },
      ]),
    ).toBe('M0 0L0 40');
    expect(
      routePath(
        [
          { x: 0, y: 0 },
          { x: 0, y: 10 },
          { x: 20, y: 10 },
        ],
        4,
      ),
    ).toBe('M0 0L0 6Q0 10 4 10L20 10');
  });

  it('rounds less where a segment is shorter than two radii', () => {
    expect(
      routePath(
        [
          { x: 0, y: 0 },
          { x: 0, y: 4 },
          { x: 30, y: 4 },
          { x: 30, y: 50 },
        ],
        6,
      ),
    ).toBe('M0 0L0 2Q0 4 2 4L24 4Q30 4 30 10L30 50');
  });
});

describe('routeFits', () => {
  const route = [
    { x: 100, y: 50 },
    { x: 130, y: 50 },
    { x: 130, y: 15 },
    { x: 160, y: 15 },
  ];
  it('fits while the ends are where React Flow draws the handles (up to a pixel or so off)', () => {
    expect(routeFits(route, 101, 50.5, 160, 15.5)).toBe(true);
  });
  it('does not fit a step moved away, nor a missing route', () => {
    expect(routeFits(route, 100, 50, 200, 15)).toBe(false);
    expect(routeFits(undefined, 0, 0, 0, 0)).toBe(false);
    expect(routeFits([{ x: 0, y: 0 }], 0, 0, 0, 0)).toBe(false);
  });
});
