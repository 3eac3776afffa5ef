/**
 * Documented examples: real responses of the service on the shared daily dataset (../shared/datasets/daily),
 * recorded from a run with the parameters shown, never invented. Each contract parses its example with its response schema
 * when loaded, and test/forecasts/forecast-examples.test.ts checks it against a real answer. A data table, so long.
 */

/** SPY, the February-March 2020 crash window, its 10 closest analogs. */
export const FORWARD_DISTRIBUTION_EXAMPLE = {
  params: {
    ticker: "SPY",
    start_date: "2020-02-20",
    end_date: "2020-03-20",
    horizon_days: "7,30",
    k: 10,
    metric: "l2",
    causal: true,
  },
  response: {
    "ticker": "SPY",
    "window": {
      "first_date": "2020-02-20",
      "last_date": "2020-03-19",
      "bars": 21,
      "return": -0.28621449575033364,
      "last_close": 221.65863
    },
    "history": {
      "first_date": "1993-01-29",
      "last_date": "2025-09-15",
      "bars": 8213
    },
    "metric": "l2",
    "causal": true,
    "mode": "causal",
    "k": 10,
    "analogs_found": 10,
    "horizons": [
      {
        "horizon_days": 7,
        "n": 10,
        "mean": 0.026994853196699982,
        "std": 0.03677722145428628,
        "hit_rate": 0.7,
        "p10": -0.011662381059011063,
        "p25": 0.005403562182320715,
        "p50": 0.025421683678639506,
        "p75": 0.03798012243528359,
        "p90": 0.049389906734718235,
        "min": -0.017480360556825558,
        "max": 0.11378685322697524,
        "n_independent": 10,
        "baseline": {
          "horizon_days": 7,
          "n": 6810,
          "mean": 0.002092823882240885,
          "std": 0.02275051025775787,
          "hit_rate": 0.5841409691629956,
          "p50": 0.00352140967122494,
          "first_date": "1993-01-29",
          "last_date": "2020-02-13"
        },
        "mean_ci": {
          "n_independent": 10,
          "mean": 0.026994853196699985,
          "low": 0.010150363336427519,
          "high": 0.04732529975636446,
          "level": 0.9,
          "resamples": 2000,
          "seed": 1
        },
        "excess_over_baseline": {
          "mean": 0.0249020293144591,
          "low": 0.008057539454186633,
          "high": 0.04523247587412357,
          "t_stat": 2.1411930504824572
        }
      },
      {
        "horizon_days": 30,
        "n": 10,
        "mean": 0.0257686544126393,
        "std": 0.08949136400006022,
        "hit_rate": 0.5,
        "p10": -0.059534937440683056,
        "p25": -0.03672505366357273,
        "p50": 0.021639259626567764,
        "p75": 0.06691801968905481,
        "p90": 0.09734558539212618,
        "min": -0.09101077127625501,
        "max": 0.22038912625535656,
        "n_independent": 10,
        "baseline": {
          "horizon_days": 30,
          "n": 6791,
          "mean": 0.008705547363947496,
          "std": 0.04371889402873329,
          "hit_rate": 0.6485053747607127,
          "p50": 0.013385478954570207,
          "first_date": "1993-01-29",
          "last_date": "2020-01-21"
        },
        "mean_ci": {
          "n_independent": 10,
          "mean": 0.025768654412639303,
          "low": -0.017391970789561843,
          "high": 0.07249985022160058,
          "level": 0.9,
          "resamples": 2000,
          "seed": 1
        },
        "excess_over_baseline": {
          "mean": 0.01706310704869181,
          "low": -0.026097518153509337,
          "high": 0.06379430285765308,
          "t_stat": 0.6029440140514944
        }
      }
    ],
    "analogs": [
      {
        "rank": 1,
        "start_date": "2008-06-04",
        "end_date": "2008-07-02",
        "similarity": 0.36684897525242366,
        "match_return": -0.08121236538555154,
        "forward": [
          {
            "horizon_days": 7,
            "return": -0.01101593889258723,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": -0.00015803521003565635,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 2,
        "start_date": "2010-04-29",
        "end_date": "2010-05-27",
        "similarity": 0.3674444273323372,
        "match_return": -0.08356781628214183,
        "forward": [
          {
            "horizon_days": 7,
            "return": -0.0004512839984228689,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": -0.021459071280838904,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 3,
        "start_date": "1999-07-14",
        "end_date": "1999-08-11",
        "similarity": 0.3682518829727494,
        "match_return": -0.07090323039041524,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.026398316887250806,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.043436554463171184,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 4,
        "start_date": "2002-05-16",
        "end_date": "2002-06-14",
        "similarity": 0.3744932210084412,
        "match_return": -0.08118932672156542,
        "forward": [
          {
            "horizon_days": 7,
            "return": -0.017480360556825558,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": -0.09101077127625501,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 5,
        "start_date": "2001-01-30",
        "end_date": "2001-02-28",
        "similarity": 0.3780233863657272,
        "match_return": -0.10050763703290744,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.024445050470028207,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": -0.05603762257006395,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 6,
        "start_date": "2012-10-16",
        "end_date": "2012-11-15",
        "similarity": 0.3828540479616438,
        "match_return": -0.06761022393661265,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.027634410601776294,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.04716295664855363,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 7,
        "start_date": "2002-08-26",
        "end_date": "2002-09-24",
        "similarity": 0.403832812446356,
        "match_return": -0.13207039448120195,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.04142869304645269,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.0735030407025552,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 8,
        "start_date": "2009-02-06",
        "end_date": "2009-03-09",
        "similarity": 0.4109447954844266,
        "match_return": -0.2169461321789461,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.11378685322697524,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.22038912625535656,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 9,
        "start_date": "2014-09-19",
        "end_date": "2014-10-17",
        "similarity": 0.4166288558828589,
        "match_return": -0.0609368661148777,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.042234690457800816,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.08367408085176731,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 10,
        "start_date": "1998-07-17",
        "end_date": "1998-08-14",
        "similarity": 0.41882772354906767,
        "match_return": -0.10490203874076642,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.022968100724551466,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": -0.04181371445781734,
            "status": "counted"
          }
        ]
      }
    ],
    "method": "Query: the 21 daily closes 2020-02-20 to 2020-03-19 of SPY (-28.62%). Analogs: the 10 closest (asked for 10) non-overlapping 21-bar windows by z-normalised l2 distance, exact search over the 6813 bars before the query window only (walk-forward); windows spanning a data gap or wrapping around are never used. Outcome of an analog over h calendar days: its last close to the last close at or before h days later, counted only when real history reaches that moment with a close no more than 4 days old and, for an analog before the query, the span ends by the query's first close. Counted outcomes: 7d: n=10 (10 independent), 30d: n=10 (10 independent). Percentiles are type 7; hit rate is the share above zero. Baseline: the return from every bar of SPY over the same horizon, closed by the query's first bar; mean_ci: 90% percentile bootstrap (2000 resamples, mulberry32 seed 1) of the independent outcomes' mean; excess = that mean minus the baseline mean. 7d: excess +2.49% (90% +0.81% to +4.52%), above the baseline. 30d: excess +1.71% (90% -2.61% to +6.38%), not distinguishable from the baseline.",
    "cached": false,
    "start_date": "2020-02-20",
    "end_date": "2020-03-20",
    "primary_horizon_days": 7,
    "P10": -0.011662381059011063,
    "P25": 0.005403562182320715,
    "P50": 0.025421683678639506,
    "P75": 0.03798012243528359,
    "P90": 0.049389906734718235
  },
};

/** AAPL (history ends 2024-12-06 in the dataset), the last 20 bars, 10 causal analogs. */
export const API_BACKTEST_EXAMPLE = {
  params: {
    ticker: "AAPL",
    lookback: 20,
    horizon_days: "7,30",
    k: 10,
    metric: "l2",
  },
  response: {
    "ticker": "AAPL",
    "window": {
      "first_date": "2024-11-08",
      "last_date": "2024-12-06",
      "bars": 20,
      "return": 0.0699682257235743,
      "last_close": 242.839996
    },
    "history": {
      "first_date": "1980-12-12",
      "last_date": "2024-12-06",
      "bars": 11089
    },
    "metric": "l2",
    "causal": true,
    "mode": "causal",
    "k": 10,
    "analogs_found": 10,
    "horizons": [
      {
        "horizon_days": 7,
        "n": 10,
        "mean": -0.004847167415247146,
        "std": 0.04411194674754802,
        "hit_rate": 0.3,
        "p10": -0.041468636898386015,
        "p25": -0.02958127593794177,
        "p50": -0.00799568913350468,
        "p75": 0.01289480371389265,
        "p90": 0.0299729075199205,
        "min": -0.07507466638029936,
        "max": 0.09090866327668201,
        "n_independent": 10,
        "baseline": {
          "horizon_days": 7,
          "n": 11065,
          "mean": 0.0052425070212624705,
          "std": 0.060738203078537466,
          "hit_rate": 0.5347492092182557,
          "p50": 0.00476254640001561,
          "first_date": "1980-12-12",
          "last_date": "2024-11-01"
        },
        "mean_ci": {
          "n_independent": 10,
          "mean": -0.004847167415247144,
          "low": -0.02646852778469457,
          "high": 0.017547498474757423,
          "level": 0.9,
          "resamples": 2000,
          "seed": 1
        },
        "excess_over_baseline": {
          "mean": -0.010089674436509615,
          "low": -0.031711034805957036,
          "high": 0.012304991453494951,
          "t_stat": -0.723304102889539
        }
      },
      {
        "horizon_days": 30,
        "n": 10,
        "mean": -0.03616017471453632,
        "std": 0.2204682019904293,
        "hit_rate": 0.7,
        "p10": -0.11949080807605617,
        "p25": -0.015662984443109762,
        "p50": 0.02512204145615038,
        "p75": 0.05521995018073467,
        "p90": 0.08763544989058346,
        "min": -0.6466464720999195,
        "max": 0.11526609745137062,
        "n_independent": 10,
        "baseline": {
          "horizon_days": 30,
          "n": 11048,
          "mean": 0.022827928555412276,
          "std": 0.12787357539124164,
          "hit_rate": 0.5729543808834178,
          "p50": 0.02073183565409009,
          "first_date": "1980-12-12",
          "last_date": "2024-10-11"
        },
        "mean_ci": {
          "n_independent": 10,
          "mean": -0.03616017471453632,
          "low": -0.16505486742441774,
          "high": 0.0492744786735202,
          "level": 0.9,
          "resamples": 2000,
          "seed": 1
        },
        "excess_over_baseline": {
          "mean": -0.0589881032699486,
          "low": -0.18788279597983001,
          "high": 0.026446550118107925,
          "t_stat": -0.8460937201019197
        }
      }
    ],
    "analogs": [
      {
        "rank": 1,
        "start_date": "1991-12-09",
        "end_date": "1992-01-07",
        "similarity": 0.19244667974008334,
        "match_return": 0.20356221851708223,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.09090866327668201,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.0845653779393849,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 2,
        "start_date": "2021-06-14",
        "end_date": "2021-07-12",
        "similarity": 0.1958275356210173,
        "match_return": 0.10744912341160373,
        "forward": [
          {
            "horizon_days": 7,
            "return": -0.014186381406544601,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.01092420806717187,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 3,
        "start_date": "2005-06-28",
        "end_date": "2005-07-26",
        "similarity": 0.1958634783661667,
        "match_return": 0.1693919891532758,
        "forward": [
          {
            "horizon_days": 7,
            "return": -0.010084242030938162,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.05569575183711217,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 4,
        "start_date": "2013-10-01",
        "end_date": "2013-10-28",
        "similarity": 0.20375290668736806,
        "match_return": 0.08590860477335394,
        "forward": [
          {
            "horizon_days": 7,
            "return": -0.005907136236071198,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.03636215204722548,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 5,
        "start_date": "2010-03-12",
        "end_date": "2010-04-09",
        "similarity": 0.21342114655051528,
        "match_return": 0.06703436957232811,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.023202267991391468,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": -0.024525381946536973,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 6,
        "start_date": "2000-08-08",
        "end_date": "2000-09-05",
        "similarity": 0.2207173511551603,
        "match_return": 0.3355613587404911,
        "forward": [
          {
            "horizon_days": 7,
            "return": -0.07507466638029936,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": -0.6466464720999195,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 7,
        "start_date": "1982-08-04",
        "end_date": "1982-08-31",
        "similarity": 0.22274167532733702,
        "match_return": 0.3980479428842547,
        "forward": [
          {
            "horizon_days": 7,
            "return": -0.03471290744840749,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.013881930865075276,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 8,
        "start_date": "2017-01-17",
        "end_date": "2017-02-13",
        "similarity": 0.23378324694841854,
        "match_return": 0.11556579478451501,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.018230926575618422,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.05379254521160215,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 9,
        "start_date": "1989-03-21",
        "end_date": "1989-04-18",
        "similarity": 0.23490273397074166,
        "match_return": 0.1505375461633156,
        "forward": [
          {
            "horizon_days": 7,
            "return": -0.0031135648712846686,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.11526609745137062,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 10,
        "start_date": "2003-04-16",
        "end_date": "2003-05-14",
        "similarity": 0.23915161446572375,
        "match_return": 0.40105495916044487,
        "forward": [
          {
            "horizon_days": 7,
            "return": -0.037734633622617864,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": -0.06091795651784915,
            "status": "counted"
          }
        ]
      }
    ],
    "method": "Query: the 20 daily closes 2024-11-08 to 2024-12-06 of AAPL (+7.00%). Analogs: the 10 closest (asked for 10) non-overlapping 20-bar windows by z-normalised l2 distance, exact search over the 11069 bars before the query window only (walk-forward); windows spanning a data gap or wrapping around are never used. Outcome of an analog over h calendar days: its last close to the last close at or before h days later, counted only when real history reaches that moment with a close no more than 4 days old and, for an analog before the query, the span ends by the query's first close. Counted outcomes: 7d: n=10 (10 independent), 30d: n=10 (10 independent). Percentiles are type 7; hit rate is the share above zero. Baseline: the return from every bar of AAPL over the same horizon, closed by the query's first bar; mean_ci: 90% percentile bootstrap (2000 resamples, mulberry32 seed 1) of the independent outcomes' mean; excess = that mean minus the baseline mean. 7d: excess -1.01% (90% -3.17% to +1.23%), not distinguishable from the baseline. 30d: excess -5.90% (90% -18.79% to +2.64%), not distinguishable from the baseline.",
    "cached": false
  },
};

/** AAPL, the last 60 bars up to 2024-12-06. */
export const REGIME_DETECTION_EXAMPLE = {
  params: {
    ticker: "AAPL",
    lookback_days: 60,
  },
  response: {
    "ticker": "AAPL",
    "as_of": "2024-12-06",
    "lookback_days": 60,
    "window": {
      "first_date": "2024-09-13",
      "last_date": "2024-12-06",
      "bars": 60,
      "return": 0.09261647085252056,
      "last_close": 242.839996
    },
    "regime": {
      "label": "range, low volatility",
      "trend": "range",
      "volatility": "low",
      "lookback_return": 0.09261647085252056,
      "daily_vol": 0.012418879209286474,
      "trend_z": 0.928547204213525,
      "bars_per_year": 251,
      "annualized_vol": 0.19675204894619727,
      "vol_percentile": 0.0688177923616808,
      "vol_windows_compared": 10971,
      "trend_z_threshold": 1,
      "vol_percentile_low": 0.25,
      "vol_percentile_high": 0.75
    },
    "analogs": [
      {
        "rank": 1,
        "start_date": "1992-08-06",
        "end_date": "1992-10-29",
        "similarity": 0.5611182222583613,
        "match_return": 0.21347886587876763,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.03286314331153184,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.0610330343730785,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 2,
        "start_date": "1984-02-07",
        "end_date": "1984-05-02",
        "similarity": 0.6058379883396237,
        "match_return": 0.3678784590341835,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.003781568160782678,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": -0.07954515403940243,
            "status": "counted"
          }
        ]
      },
      {
        "rank": 3,
        "start_date": "1994-07-25",
        "end_date": "1994-10-17",
        "similarity": 0.6122332179132564,
        "match_return": 0.25878453887035846,
        "forward": [
          {
            "horizon_days": 7,
            "return": 0.0628936997868641,
            "status": "counted"
          },
          {
            "horizon_days": 30,
            "return": 0.02987289786762526,
            "status": "counted"
          }
        ]
      }
    ],
    "mode": "causal",
    "forward_summary": [
      {
        "horizon_days": 7,
        "n": 3,
        "n_independent": 3,
        "mean": 0.03317947041972621,
        "median": 0.03286314331153184,
        "hit_rate": 1,
        "baseline": {
          "horizon_days": 7,
          "n": 11025,
          "mean": 0.005254789383146234,
          "std": 0.06082996540258228,
          "hit_rate": 0.5349659863945578,
          "p50": 0.0047830696784052495,
          "first_date": "1980-12-12",
          "last_date": "2024-09-06"
        },
        "mean_ci": {
          "n_independent": 3,
          "mean": 0.03317947041972621,
          "low": 0.013475426544365732,
          "high": 0.05288351429508668,
          "level": 0.9,
          "resamples": 2000,
          "seed": 1
        },
        "excess_over_baseline": {
          "mean": 0.027924681036579975,
          "low": 0.008220637161219499,
          "high": 0.047628724911940444,
          "t_stat": 1.6363777639099693
        }
      },
      {
        "horizon_days": 30,
        "n": 3,
        "n_independent": 3,
        "mean": 0.00378692606710044,
        "median": 0.02987289786762526,
        "hit_rate": 0.6666666666666666,
        "baseline": {
          "horizon_days": 30,
          "n": 11009,
          "mean": 0.02286150146154118,
          "std": 0.1280917216476758,
          "hit_rate": 0.5726223998546643,
          "p50": 0.02085887586406643,
          "first_date": "1980-12-12",
          "last_date": "2024-08-16"
        },
        "mean_ci": {
          "n_independent": 3,
          "mean": 0.00378692606710044,
          "low": -0.0430724700703932,
          "high": 0.050646322204594085,
          "level": 0.9,
          "resamples": 2000,
          "seed": 1
        },
        "excess_over_baseline": {
          "mean": -0.01907457539444074,
          "low": -0.06593397153193438,
          "high": 0.027784820743052906,
          "t_stat": -0.44748738153803796
        }
      }
    ],
    "history": {
      "first_date": "1980-12-12",
      "last_date": "2024-12-06",
      "bars": 11089
    },
    "method": "Window: the last 60 daily bars of AAPL, 2024-09-13 to 2024-12-06 (+9.26%). Trend: ln(1 + return) = 0.0886 over daily log-return std 1.242% * sqrt(59) = 0.0954 gives trend_z = 0.93; |z| < 1, so range. Volatility: that daily std (19.7% annualised at 251 bars a year) is at or above 6.9% of the 10971 gap-free 60-bar windows up to 2024-12-06, so low (low below 25%, high above 75%). Analogs: the 3 closest earlier 60-bar windows by z-normalised L2 distance (exact causal search, non-overlapping, no data gaps); outcome = return from an analog's last close to the last close at or before 7 and 30 calendar days later, counted only when real history reaches it and it ends by the window's first close (7d n=3, 30d n=3). Against the baseline (every bar's return over the same horizon, closed by the window's first bar): 7d: excess +2.79% (90% +0.82% to +4.76%), above the baseline. 30d: excess -1.91% (90% -6.59% to +2.78%), not distinguishable from the baseline.",
    "cached": false
  },
};

/** SPY, every 20-bar drop of 10% or more, and the 20 bars after it. */
export const PATTERN_BACKTEST_EXAMPLE = {
  params: {
    ticker: "SPY",
    lookback_days: 20,
    forward_days: 20,
    min_return: -0.1,
  },
  response: {
    "ticker": "SPY",
    "lookback_days": 20,
    "forward_days": 20,
    "min_return": -0.1,
    "direction": "at_most",
    "n_events": 136,
    "n_independent_events": 19,
    "n_pending_events": 0,
    "n_dropped_for_gap": 0,
    "mode": "full_history",
    "distribution": {
      "n": 19,
      "mean": -0.0003174500729518695,
      "std": 0.09722636542635248,
      "hit_rate": 0.631578947368421,
      "p10": -0.15333756841244536,
      "p25": -0.02524883771464692,
      "p50": 0.03917615677177366,
      "p75": 0.049349461399241124,
      "p90": 0.09692261914608731,
      "min": -0.24627375568767917,
      "max": 0.12464757812535732
    },
    "overlapping_distribution": {
      "n": 136,
      "mean": 0.04556640589448324,
      "std": 0.09559352299298443,
      "hit_rate": 0.7132352941176471,
      "p10": -0.08069196069256745,
      "p25": -0.01454205985415033,
      "p50": 0.05136915479315862,
      "p75": 0.11955987604288704,
      "p90": 0.15130090793910733,
      "min": -0.24627375568767917,
      "max": 0.23621177013444417
    },
    "baseline": {
      "horizon_days": 20,
      "n": 8133,
      "mean": 0.009156857627046594,
      "std": 0.04423661907227021,
      "hit_rate": 0.6528956104758392,
      "p50": 0.014265110933405545,
      "first_date": "1993-03-01",
      "last_date": "2025-08-15"
    },
    "mean_ci": {
      "n_independent": 19,
      "mean": -0.0003174500729518695,
      "low": -0.03781491082738841,
      "high": 0.03426995737473959,
      "level": 0.9,
      "resamples": 2000,
      "seed": 1
    },
    "excess_over_baseline": {
      "mean": -0.009474307699998463,
      "low": -0.046971768454435,
      "high": 0.025113099747692998,
      "t_stat": -0.4247566968404764
    },
    "recent_events": [
      {
        "date": "1998-08-14",
        "lookback_return": -0.10490203874076642,
        "outcome_date": "1998-09-14",
        "forward_return": -0.025323660539104065
      },
      {
        "date": "2000-10-12",
        "lookback_return": -0.10813357849300065,
        "outcome_date": "2000-11-09",
        "forward_return": 0.051878340350503205
      },
      {
        "date": "2001-02-28",
        "lookback_return": -0.10050763703290744,
        "outcome_date": "2001-03-28",
        "forward_return": -0.06938491109794975
      },
      {
        "date": "2002-07-16",
        "lookback_return": -0.1271900580167421,
        "outcome_date": "2002-08-13",
        "forward_return": -0.017557632271178125
      },
      {
        "date": "2002-09-19",
        "lookback_return": -0.1154052439584039,
        "outcome_date": "2002-10-17",
        "forward_return": 0.04682058244797904
      },
      {
        "date": "2003-02-07",
        "lookback_return": -0.10117383142029057,
        "outcome_date": "2003-03-10",
        "forward_return": -0.025174014890189778
      },
      {
        "date": "2008-01-22",
        "lookback_return": -0.10481067292636248,
        "outcome_date": "2008-02-20",
        "forward_return": 0.039779508337886904
      },
      {
        "date": "2008-07-15",
        "lookback_return": -0.10742729635499215,
        "outcome_date": "2008-08-12",
        "forward_return": 0.069096836222867
      },
      {
        "date": "2008-09-29",
        "lookback_return": -0.13017550015657786,
        "outcome_date": "2008-10-27",
        "forward_return": -0.24627375568767917
      },
      {
        "date": "2008-12-01",
        "lookback_return": -0.15201905502034774,
        "outcome_date": "2008-12-30",
        "forward_return": 0.09234252182990388
      },
      {
        "date": "2009-02-02",
        "lookback_return": -0.11166092045371223,
        "outcome_date": "2009-03-03",
        "forward_return": -0.15148958663026058
      },
      {
        "date": "2010-05-20",
        "lookback_return": -0.11138664006466015,
        "outcome_date": "2010-06-18",
        "forward_return": 0.04390556392589695
      },
      {
        "date": "2011-08-04",
        "lookback_return": -0.11155450621100649,
        "outcome_date": "2011-09-01",
        "forward_return": 0.005654109694103404
      },
      {
        "date": "2015-08-25",
        "lookback_return": -0.10538378569427276,
        "outcome_date": "2015-09-23",
        "forward_return": 0.03917615677177366
      },
      {
        "date": "2018-12-24",
        "lookback_return": -0.10462112412502322,
        "outcome_date": "2019-01-24",
        "forward_return": 0.12464757812535732
      },
      {
        "date": "2020-03-06",
        "lookback_return": -0.10934766752671632,
        "outcome_date": "2020-04-03",
        "forward_return": -0.16072949554118454
      },
      {
        "date": "2022-05-09",
        "lookback_return": -0.11037364759347812,
        "outcome_date": "2022-06-07",
        "forward_return": 0.0441267265945775
      },
      {
        "date": "2022-09-23",
        "lookback_return": -0.11930238409691662,
        "outcome_date": "2022-10-21",
        "forward_return": 0.017230572559790547
      },
      {
        "date": "2025-04-04",
        "lookback_return": -0.12001661491171967,
        "outcome_date": "2025-05-05",
        "forward_return": 0.11524300841082114
      }
    ],
    "pending_events": [],
    "history": {
      "first_date": "1993-01-29",
      "last_date": "2025-09-15",
      "bars": 8213
    },
    "method": "Trigger at bar t: close[t] / close[t - 20] - 1 <= -10.00%, from closes up to t only. Outcome: close[t + 20] / close[t] - 1. Scanned every bar of SPY's 8213-bar daily history; spans crossing a data gap are left out (0). Greedily keeping the triggers whose [t - 20, t + 20] spans share no daily return leaves 19 independent events (mean -0.03%): the headline distribution. All 136 triggers with a known outcome, overlapping ones included (mean +4.56%), are the secondary one. Baseline over all 8133 bars: mean +0.92%; excess of the independent mean -0.95% (90% -4.70% to +2.51%). 0 triggers are pending (outcome not known yet). Percentiles are type 7; hit rate is the share above zero.",
    "cached": false
  },
};

/** SPY, October 2023: a positive edge, so Kelly clamps at 1 and the shrink and confidence scale it. */
export const POSITION_SIZE_EXAMPLE = {
  params: {
    ticker: "SPY",
    start_date: "2023-10-02",
    end_date: "2023-11-01",
    account_size: 10000,
    confidence: 0.5,
    horizon_days: 30,
    k: 10,
    metric: "l2",
    causal: true,
  },
  response: {
    "ticker": "SPY",
    "start_date": "2023-10-02",
    "end_date": "2023-11-01",
    "horizon_days": 30,
    "account_size": 10000,
    "confidence": 0.5,
    "mode": "causal",
    "window": {
      "first_date": "2023-10-02",
      "last_date": "2023-10-31",
      "bars": 22,
      "return": -0.021319441726016186,
      "last_close": 408.794373
    },
    "distribution": {
      "horizon_days": 30,
      "n": 10,
      "mean": 0.017221557996654258,
      "std": 0.056999320045710164,
      "hit_rate": 0.7,
      "p10": -0.07018192514747727,
      "p25": 0.00034596757073873663,
      "p50": 0.031771599913253845,
      "p75": 0.05391495410580227,
      "p90": 0.05946230529187438,
      "min": -0.0856433567797078,
      "max": 0.09701575756427294,
      "n_independent": 10,
      "baseline": {
        "horizon_days": 30,
        "n": 7702,
        "mean": 0.008824454190077978,
        "std": 0.04590462793606621,
        "hit_rate": 0.6481433393923656,
        "p50": 0.013761187336245984,
        "first_date": "1993-01-29",
        "last_date": "2023-09-01"
      },
      "mean_ci": {
        "n_independent": 10,
        "mean": 0.017221557996654258,
        "low": -0.010965661510363272,
        "high": 0.04355041234674266,
        "level": 0.9,
        "resamples": 2000,
        "seed": 1
      },
      "excess_over_baseline": {
        "mean": 0.00839710380657628,
        "low": -0.01979011570044125,
        "high": 0.03472595815666468,
        "t_stat": 0.4658647463926986
      }
    },
    "edge": 0.00839710380657628,
    "t_stat": 0.4658647463926986,
    "shrink": 0,
    "shrunk_edge": 0,
    "kelly_raw": 2.5845811476281155,
    "leverage_cap": 1,
    "full_fraction": 0,
    "half_fraction": 0,
    "confidence_adjusted_fraction": 0,
    "dollar_size": 0,
    "reason": "t = 0.47: the analogs' mean is within one standard error of the baseline, so the edge shrinks to 0 and so does the size.",
    "stop_reference": {
      "return": -0.07018192514747727,
      "price": 380.1043969134041
    },
    "target_reference": {
      "return": 0.05946230529187438,
      "price": 433.1022288089264
    },
    "risk_at_stop_usd": 0,
    "k": 10,
    "analogs_found": 10,
    "metric": "l2",
    "causal": true,
    "history": {
      "first_date": "1993-01-29",
      "last_date": "2025-09-15",
      "bars": 8213
    },
    "method": "Query: the 22 daily closes 2023-10-02 to 2023-10-31 of SPY (-2.13%). Analogs: the 10 closest (asked for 10) non-overlapping 22-bar windows by z-normalised l2 distance, exact search over the 7723 bars before the query window only (walk-forward); windows spanning a data gap or wrapping around are never used. Outcome of an analog over h calendar days: its last close to the last close at or before h days later, counted only when real history reaches that moment with a close no more than 4 days old and, for an analog before the query, the span ends by the query's first close. Counted outcomes: 30d: n=10 (10 independent). Percentiles are type 7; hit rate is the share above zero. Baseline: the return from every bar of SPY over the same horizon, closed by the query's first bar; mean_ci: 90% percentile bootstrap (2000 resamples, mulberry32 seed 1) of the independent outcomes' mean; excess = that mean minus the baseline mean. 30d: excess +0.84% (90% -1.98% to +3.47%), not distinguishable from the baseline. Sizing over 30 days: edge = independent mean - baseline mean = 0.00840, t = 0.47; shrunk edge = max(0, lower end of its 90% interval), 0 when |t| < 1, = 0.00000; Kelly = shrunk edge / variance of the independent outcomes, clamped to [0, 1] = 0.0000; half = 0.0000; * confidence 0.5 = 0.0000 of 10000 USD = 0.00 USD. t = 0.47: the analogs' mean is within one standard error of the baseline, so the edge shrinks to 0 and so does the size. Stop and target references are P10 and P90 from the window's last close.",
    "cached": false
  },
};
