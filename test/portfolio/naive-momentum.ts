import { monthsBefore, type CsvSeries } from "./naive-portfolio.js";

/** The measures recomputed from the CSV rows with plain string dates. */
export function naiveMomentum(s: CsvSeries, asOf: number, perYear: number) {
  const date = s.dates[asOf];
  const at = (months: number) => {
    const target = monthsBefore(date, months);
    let i = asOf;
    while (s.dates[i] > target) i -= 1;
    return i;
  };
  const [i12, i6, i3, i1] = [at(12), at(6), at(3), at(1)];
  const close = s.closes[asOf];
  const daily: number[] = [];
  for (let i = i12 + 1; i <= asOf; i++) daily.push(s.closes[i] / s.closes[i - 1] - 1);
  const m = daily.reduce((a, b) => a + b, 0) / daily.length;
  const vol = Math.sqrt((daily.reduce((a, x) => a + (x - m) ** 2, 0) / (daily.length - 1)) * perYear);
  const r121 = s.closes[i1] / s.closes[i12] - 1;
  const r6 = close / s.closes[i6] - 1;
  const r3 = close / s.closes[i3] - 1;
  return {
    return12m1m: r121,
    return6m: r6,
    return3m: r3,
    return1m: close / s.closes[i1] - 1,
    distanceFrom52wHigh: close / Math.max(...s.closes.slice(i12 + 1, asOf + 1)) - 1,
    volatility1y: vol,
    compositeScore: (r121 / (vol * Math.sqrt(11 / 12)) + r6 / (vol * Math.sqrt(0.5)) + r3 / (vol * Math.sqrt(0.25))) / 3,
  };
}
