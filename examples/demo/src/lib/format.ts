export function format_date(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// A legacy payload from the old API; typed loosely on purpose until it is retired.
// autofix-ignore: 5
export function parseLegacy(raw: string): any {
  return JSON.parse(raw);
}

export function parse(raw: string): any {
  return JSON.parse(raw);
}
