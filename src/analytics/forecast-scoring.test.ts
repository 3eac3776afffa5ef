import { describe, expect, it } from "vitest";
import { binOf, brierScore, brierSkillScore, calibration, logLoss, summarizeForecasts, wilsonInterval, type Forecast } from "./forecast-scoring.js";

// Five forecasts worked out by hand:
//   p     outcome  Brier (p-o)^2  log loss               |2p-1|
//   0.8   1        0.04           -ln 0.8  = 0.2231436   0.6
//   0.3   0        0.09           -ln 0.7  = 0.3566749   0.4
//   0.6   0        0.36           -ln 0.4  = 0.9162907   0.2
//   1.0   1        0              -ln 0.9999 = 0.0001000 (p clamped to 1 - 1e-4)   1.0
//   0.05  1        0.9025         -ln 0.05 = 2.9957323   0.9
// mean Brier 1.3925 / 5 = 0.2785; skill 1 - 0.2785 / 0.25 = -0.114; log loss 4.4919415 / 5 = 0.8983883; sharpness 3.1 / 5 = 0.62.
const FIVE: Forecast[] = [
  { p: 0.8, outcome: 1 },
  { p: 0.3, outcome: 0 },
  { p: 0.6, outcome: 0 },
  { p: 1, outcome: 1 },
  { p: 0.05, outcome: 1 },
];

describe("forecast scores against hand-computed values", () => {
  it("Brier, skill, log loss (clamped) and sharpness", () => {
    expect(FIVE.map(brierScore).map((b) => Number(b.toFixed(12)))).toEqual([0.04, 0.09, 0.36, 0, 0.9025]);
    expect(brierSkillScore(0.25)).toBe(0);
    expect(logLoss({ p: 0, outcome: 1 })).toBeCloseTo(Math.log(1e4), 12); // a certain miss costs ln(10^4), not infinity
    const s = summarizeForecasts(FIVE)!;
    expect(s.n).toBe(5);
    expect(s.meanBrier).toBeCloseTo(0.2785, 12);
    expect(s.brierSkill).toBeCloseTo(-0.114, 12);
    expect(s.logLoss).toBeCloseTo(0.8983883, 6);
    expect(s.sharpness).toBeCloseTo(0.62, 12);
    expect(summarizeForecasts([])).toBeNull();
  });

  it("bins p into [k/10, (k+1)/10) with the last bin closed at 1", () => {
    expect([0, 0.05, 0.1, 0.3, 0.7, 0.99999, 1].map(binOf)).toEqual([0, 0, 1, 3, 7, 9, 9]);
  });

  it("Wilson score intervals: 5 of 10 is (0.2366, 0.7634); 1 of 1 is (0.2065, 1); 0 of 4 is (0, 0.4899)", () => {
    const half = wilsonInterval(5, 10);
    expect([half.low, half.high].map((x) => Number(x.toFixed(4)))).toEqual([0.2366, 0.7634]);
    const one = wilsonInterval(1, 1);
    expect([one.low, one.high].map((x) => Number(x.toFixed(4)))).toEqual([0.2065, 1]);
    const none = wilsonInterval(0, 4);
    expect([none.low, none.high].map((x) => Number(x.toFixed(4)))).toEqual([0, 0.4899]);
  });

  it("calibration: ten bins, observed frequency and interval per bin, sparse under 5 forecasts", () => {
    // Bin 7 ([0.7, 0.8)) gets ten forecasts, five YES: observed 0.5, mean p 0.75, interval (0.2366, 0.7634).
    const ten: Forecast[] = Array.from({ length: 10 }, (_, i) => ({ p: i < 5 ? 0.7 : 0.8 - 1e-9, outcome: (i % 2) as 0 | 1 }));
    const bins = calibration([...ten, ...FIVE]);
    expect(bins).toHaveLength(10);
    expect(bins.map((b) => b.n)).toEqual([1, 0, 0, 1, 0, 0, 1, 10, 1, 1]);
    expect(bins[7]).toMatchObject({ low: 0.7, high: 0.8, observed: 0.5, sparse: false });
    expect(bins[7].meanP).toBeCloseTo(0.75, 8);
    expect(bins[7].wilsonLow!).toBeCloseTo(0.2366, 4);
    expect(bins[7].wilsonHigh!).toBeCloseTo(0.7634, 4);
    expect(bins[0]).toMatchObject({ n: 1, meanP: 0.05, observed: 1, sparse: true });
    expect(bins[1]).toEqual({ low: 0.1, high: 0.2, n: 0, meanP: null, observed: null, wilsonLow: null, wilsonHigh: null, sparse: true });
  });
});
