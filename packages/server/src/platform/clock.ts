/** The source of the current time; tests inject one they can move forward. */
export type Clock = () => Date;

/** The real time. */
export const systemClock: Clock = () => new Date();
