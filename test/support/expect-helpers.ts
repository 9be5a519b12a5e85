// Small assertions for tests under noUncheckedIndexedAccess: they return the value a test relies on,
// or throw a message that says what was missing, instead of a TypeError three lines later.

/** The value, or an error naming what was expected when it is null or undefined. */
export function defined<T>(value: T | null | undefined, what = "value"): T {
  if (value === undefined || value === null) throw new Error(`expected ${what} to be defined, got ${value}`);
  return value;
}

/** Anything with a length and `at`: arrays, typed arrays (bytes), strings. */
type Indexed<T> = { readonly length: number; at(i: number): T | undefined };

/** The i-th element of a list (negative counts from the end), or an error when it has none. */
export function itemAt<T>(list: Indexed<T>, i: number, what = "list"): T {
  const value = list.at(i);
  if (value === undefined) throw new Error(`expected ${what} to have an element at ${i}, it has ${list.length}`);
  return value;
}

/** The first element of a list, or an error when it is empty. */
export function firstOf<T>(list: Indexed<T>, what = "list"): T {
  return itemAt(list, 0, what);
}

/** The first element that matches, or an error when none does. */
export function findIn<T>(list: readonly T[], predicate: (item: T) => boolean, what = "a matching element"): T {
  const value = list.find(predicate);
  if (value === undefined) throw new Error(`expected ${what} among ${list.length} elements`);
  return value;
}

type Tuple<T, N extends number, Acc extends T[] = []> = Acc["length"] extends N ? Acc : Tuple<T, N, [...Acc, T]>;

/** The first n elements of a list as a tuple (for destructuring), or an error when it has fewer. */
export function take<T, N extends number>(list: readonly T[], n: N, what = "list"): Tuple<T, N> {
  if (list.length < n) throw new Error(`expected ${what} to have at least ${n} elements, it has ${list.length}`);
  return list.slice(0, n) as Tuple<T, N>;
}

/** A regular expression's capture group, or an error when the text did not match or the group is empty. */
export function group(match: RegExpExecArray | RegExpMatchArray | null, i = 1, what = "pattern"): string {
  if (!match) throw new Error(`expected ${what} to match`);
  const value = match[i];
  if (value === undefined) throw new Error(`expected ${what} to capture group ${i}`);
  return value;
}
