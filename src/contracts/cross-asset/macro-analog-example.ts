/**
 * The documented /macro_analog example: the last 20 shared dates of ^VIX, ^TNX, SPY (the offline equity proxy) and GC=F, 2 closest periods.
 * Computed by the service on the shared daily dataset, not invented; the contract test replays it.
 */
export const MACRO_ANALOG_EXAMPLE = {
  params: { lookback_days: 20, k: 2 },
  response: {
    "lookback_days": 20,
    "k": 2,
    "symbols": {
      "volatility": "^VIX",
      "yield_10y": "^TNX",
      "equity": "SPY",
      "gold": "GC=F"
    },
    "as_of": "2025-09-15",
    "last_dates": {
      "volatility": "2026-07-23",
      "yield_10y": "2026-02-13",
      "equity": "2025-09-15",
      "gold": "2026-07-13"
    },
    "common_dates": 4163,
    "first_common_date": "2009-01-02",
    "current": {
      "start_date": "2025-08-18",
      "end_date": "2025-09-15",
      "levels": {
        "volatility": {
          "start": 14.99,
          "end": 15.69
        },
        "yield_10y": {
          "start": 4.341,
          "end": 4.034
        },
        "equity": {
          "start": 643.299988,
          "end": 660.909973
        },
        "gold": {
          "start": 3331.699951,
          "end": 3682.199951
        }
      }
    },
    "periods": [
      {
        "rank": 1,
        "start_date": "2023-12-04",
        "end_date": "2024-01-02",
        "distance": 59.38691188207713,
        "similarity": 0.8615894605471704,
        "distance_by_series": {
          "volatility": 30.48975796629909,
          "yield_10y": 8.041854306805263,
          "equity": 11.401538363060077,
          "gold": 9.453761245912695
        },
        "level_gaps_sd": {
          "volatility": -0.32321383943692855,
          "yield_10y": -0.08960376692335435
        },
        "score": 1.5971688181023436,
        "levels": {
          "volatility": {
            "start": 13.08,
            "end": 13.2
          },
          "yield_10y": {
            "start": 4.288,
            "end": 3.946
          },
          "equity": {
            "start": 446.418701,
            "end": 463.892975
          },
          "gold": {
            "start": 2024.099976,
            "end": 2064.399902
          }
        },
        "followed": [
          {
            "horizon_days": 7,
            "volatility": -0.033333333333333326,
            "yield_10y": 0.07299999999999995,
            "equity": 0.0026023545624935807,
            "gold": -0.018407227186547304
          },
          {
            "horizon_days": 30,
            "volatility": 0.051515151515151736,
            "yield_10y": -0.08300000000000018,
            "equity": 0.03501535672101963,
            "gold": -0.005522138413664779
          }
        ]
      },
      {
        "rank": 2,
        "start_date": "2025-01-08",
        "end_date": "2025-02-06",
        "distance": 57.378912559734275,
        "similarity": 0.8468981089816404,
        "distance_by_series": {
          "volatility": 29.97115886036561,
          "yield_10y": 7.399295007880861,
          "equity": 15.100535949760951,
          "gold": 4.907922741726849
        },
        "level_gaps_sd": {
          "volatility": -0.024662903410849906,
          "yield_10y": 0.4133991973963872
        },
        "score": 1.6059799692059868,
        "levels": {
          "volatility": {
            "start": 17.7,
            "end": 15.5
          },
          "yield_10y": {
            "start": 4.693,
            "end": 4.44
          },
          "equity": {
            "start": 585.989685,
            "end": 602.719727
          },
          "gold": {
            "start": 2664.5,
            "end": 2856
          }
        },
        "followed": [
          {
            "horizon_days": 7,
            "volatility": -0.02580645161290329,
            "yield_10y": 0.08499999999999996,
            "equity": 0.0056240219925636215,
            "gold": 0.024474755602240883
          },
          {
            "horizon_days": 30,
            "volatility": 0.507741935483871,
            "yield_10y": -0.12300000000000022,
            "equity": -0.05013863433741572,
            "gold": 0.01705180357142866
          }
        ]
      }
    ],
    "mode": "causal",
    "level_features": [
      {
        "role": "volatility",
        "weight": 1,
        "tolerance_sd": 1,
        "scale": 7.70387804042622
      },
      {
        "role": "yield_10y",
        "weight": 1,
        "tolerance_sd": 1,
        "scale": 0.9821015680654748
      }
    ],
    "evidence": [
      {
        "horizon_days": 7,
        "volatility": {
          "baseline": {
            "horizon_days": 7,
            "n": 8943,
            "mean": 0.007604846121181354,
            "std": 0.14345108661395378,
            "hit_rate": 0.4678519512467852,
            "p50": -0.007869249394673039,
            "first_date": "1990-01-02",
            "last_date": "2025-08-11"
          },
          "mean_ci": {
            "n_independent": 2,
            "mean": -0.02956989247311831,
            "low": -0.033333333333333326,
            "high": -0.02580645161290329,
            "level": 0.9,
            "resamples": 2000,
            "seed": 1
          },
          "excess_over_baseline": {
            "mean": -0.037174738594299664,
            "low": -0.04093817945451468,
            "high": -0.03341129773408465,
            "t_stat": -9.877859112199722
          }
        },
        "yield_10y": {
          "baseline": {
            "horizon_days": 7,
            "n": 6182,
            "mean": -0.00015658362989325525,
            "std": 0.12377207945907458,
            "hit_rate": 0.482368165642187,
            "p50": -0.0040000000000000036,
            "first_date": "2001-01-02",
            "last_date": "2025-08-11"
          },
          "mean_ci": {
            "n_independent": 2,
            "mean": 0.07899999999999996,
            "low": 0.07299999999999995,
            "high": 0.08499999999999996,
            "level": 0.9,
            "resamples": 2000,
            "seed": 1
          },
          "excess_over_baseline": {
            "mean": 0.07915658362989321,
            "low": 0.0731565836298932,
            "high": 0.08515658362989321,
            "t_stat": 13.192763938315522
          }
        },
        "equity": {
          "baseline": {
            "horizon_days": 7,
            "n": 8189,
            "mean": 0.0022252186504970145,
            "std": 0.023530072627126537,
            "hit_rate": 0.5876175357186469,
            "p50": 0.003662786787415051,
            "first_date": "1993-01-29",
            "last_date": "2025-08-11"
          },
          "mean_ci": {
            "n_independent": 2,
            "mean": 0.004113188277528601,
            "low": 0.0026023545624935807,
            "high": 0.0056240219925636215,
            "level": 0.9,
            "resamples": 2000,
            "seed": 1
          },
          "excess_over_baseline": {
            "mean": 0.0018879696270315866,
            "low": 0.00037713591199656617,
            "high": 0.003398803342066607,
            "t_stat": 1.249621059050714
          }
        },
        "gold": {
          "baseline": {
            "horizon_days": 7,
            "n": 4142,
            "mean": 0.001679636105674092,
            "std": 0.022132173764891534,
            "hit_rate": 0.5478029937228392,
            "p50": 0.0022856724586233224,
            "first_date": "2009-01-02",
            "last_date": "2025-08-11"
          },
          "mean_ci": {
            "n_independent": 2,
            "mean": 0.0030337642078467897,
            "low": -0.018407227186547304,
            "high": 0.024474755602240883,
            "level": 0.9,
            "resamples": 2000,
            "seed": 1
          },
          "excess_over_baseline": {
            "mean": 0.0013541281021726976,
            "low": -0.020086863292221396,
            "high": 0.02279511949656679,
            "t_stat": 0.06315603962822096
          }
        }
      },
      {
        "horizon_days": 30,
        "volatility": {
          "baseline": {
            "horizon_days": 30,
            "n": 8925,
            "mean": 0.017579677403208257,
            "std": 0.2623066320248907,
            "hit_rate": 0.43910364145658265,
            "p50": -0.02436974789915969,
            "first_date": "1990-01-02",
            "last_date": "2025-07-18"
          },
          "mean_ci": {
            "n_independent": 2,
            "mean": 0.2796285434995114,
            "low": 0.051515151515151736,
            "high": 0.507741935483871,
            "level": 0.9,
            "resamples": 2000,
            "seed": 1
          },
          "excess_over_baseline": {
            "mean": 0.2620488660963031,
            "low": 0.033935474111943476,
            "high": 0.49016225808066277,
            "t_stat": 1.148765812549358
          }
        },
        "yield_10y": {
          "baseline": {
            "horizon_days": 30,
            "n": 6164,
            "mean": -0.0023233290071382534,
            "std": 0.25646281630840406,
            "hit_rate": 0.47955872809863725,
            "p50": -0.01100000000000001,
            "first_date": "2001-01-02",
            "last_date": "2025-07-18"
          },
          "mean_ci": {
            "n_independent": 2,
            "mean": -0.1030000000000002,
            "low": -0.12300000000000022,
            "high": -0.08300000000000018,
            "level": 0.9,
            "resamples": 2000,
            "seed": 1
          },
          "excess_over_baseline": {
            "mean": -0.10067667099286196,
            "low": -0.12067667099286197,
            "high": -0.08067667099286194,
            "t_stat": -5.033833549643093
          }
        },
        "equity": {
          "baseline": {
            "horizon_days": 30,
            "n": 8171,
            "mean": 0.009354528581047022,
            "std": 0.045610988849146224,
            "hit_rate": 0.6534083955452209,
            "p50": 0.014301041863561625,
            "first_date": "1993-01-29",
            "last_date": "2025-07-18"
          },
          "mean_ci": {
            "n_independent": 2,
            "mean": -0.007561638808198046,
            "low": -0.05013863433741572,
            "high": 0.03501535672101963,
            "level": 0.9,
            "resamples": 2000,
            "seed": 1
          },
          "excess_over_baseline": {
            "mean": -0.01691616738924507,
            "low": -0.059493162918462746,
            "high": 0.025660828139972607,
            "t_stat": -0.39730768174181436
          }
        },
        "gold": {
          "baseline": {
            "horizon_days": 30,
            "n": 4125,
            "mean": 0.007663376799782613,
            "std": 0.043294666769916675,
            "hit_rate": 0.5527272727272727,
            "p50": 0.005333051274293288,
            "first_date": "2009-01-02",
            "last_date": "2025-07-18"
          },
          "mean_ci": {
            "n_independent": 2,
            "mean": 0.00576483257888194,
            "low": -0.005522138413664779,
            "high": 0.01705180357142866,
            "level": 0.9,
            "resamples": 2000,
            "seed": 1
          },
          "excess_over_baseline": {
            "mean": -0.001898544220900673,
            "low": -0.013185515213447392,
            "high": 0.009388426771646046,
            "t_stat": -0.16820670684405628
          }
        }
      }
    ]
  },
};
