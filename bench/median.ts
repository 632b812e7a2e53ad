/**
 * The middle value of a list of measurements (the upper middle of an even count): what every bench
 * reports, so that one slow run does not move the figure.
 *
 * @example
 * median([3, 1, 2]); // 2
 */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
