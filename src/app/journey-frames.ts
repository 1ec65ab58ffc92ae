/** The guest journeys' frames (spec 000, layouts), each with the routes of the spec it holds. */
export type JourneyFrame =
  | 'sign-up'
  | 'buy-now'
  | 'number-select'
  | 'make-a-payment'
  | 'mandate'
  | 'recurring-card-payment'
  | 'broadband-availability';

/** Every frame, in the order the routes list them. */
export const JOURNEY_FRAMES: ReadonlyArray<JourneyFrame> = [
  'sign-up',
  'buy-now',
  'number-select',
  'make-a-payment',
  'mandate',
  'recurring-card-payment',
  'broadband-availability',
];
