/**
 * Keeps one object of a class alive for the life of the process, so that V8 keeps the layout
 * (the "map") the class's objects share, and with it the compiled code of the methods that rely
 * on it.
 *
 * V8 holds the layout of a class's objects only while one of them lives. Every object a check
 * makes dies when the check ends, so in a process that checks more than once (sitegen dev, the
 * benchmark) a full collection between two checks dropped those layouts and marked the compiled
 * methods that used them "for deoptimization, reason: weak objects" (`node --trace-deopt`): the
 * next check ran interpreted again, at about twice the CPU. Objects made by one object literal
 * need nothing: the literal keeps their layout.
 */
const kept: object[] = [];

export function keepLayout(object: object): void {
  kept.push(object);
}
