/**
 * The documented /playbook example: AAPL's October 2024 window, its 5 closest analogs, MSFT as a peer and an unknown peer.
 * Computed by the service on the shared daily dataset, not invented; the contract test replays it.
 */
export const PLAYBOOK_EXAMPLE = {
  params: { ticker: "AAPL", start_date: "2024-10-01", end_date: "2024-11-01", peers: "MSFT,NOSUCH", k: 5, horizon_days: "7,30", metric: "l2", lead_lag_window: 250 },
  response: {
    "ticker": "AAPL",
    "start_date": "2024-10-01",
    "end_date": "2024-11-01",
    "metric": "l2",
    "horizon_days": [
      7,
      30
    ],
    "lead_lag_window": 250,
    "mode": "full_history",
    "query": {
      "bars": 23,
      "query_return": -0.0013262574289730766,
      "history_bars": 11089,
      "cached": false
    },
    "analogs": [
      {
        "start_date": "2016-09-27",
        "end_date": "2016-10-27",
        "similarity": 0.48449605676786556,
        "match_return": 0.0122912157824826
      },
      {
        "start_date": "1998-07-29",
        "end_date": "1998-08-28",
        "similarity": 0.4895829641959636,
        "match_return": -0.026690606690606633
      },
      {
        "start_date": "2001-01-09",
        "end_date": "2001-02-09",
        "similarity": 0.5003280061616304,
        "match_return": 0.11272605078369402
      },
      {
        "start_date": "1996-04-26",
        "end_date": "1996-05-29",
        "similarity": 0.5124124485188719,
        "match_return": 0.005048039525988646
      },
      {
        "start_date": "1992-04-22",
        "end_date": "1992-05-22",
        "similarity": 0.5165183392304337,
        "match_return": 0.03253910521675896
      }
    ],
    "ticker_outcomes": [
      {
        "horizon_days": 7,
        "n": 5,
        "mean": -0.00011091182398084189,
        "p10": -0.02403024855267961,
        "p25": -0.0065362199613310246,
        "p50": 0.004201357218006407,
        "p75": 0.010050707232452716,
        "p90": 0.020473801295708905,
        "hit_rate": 0.6,
        "returns": [
          -0.035692934280245336,
          0.02742253067121303,
          -0.0065362199613310246,
          0.010050707232452716,
          0.004201357218006407
        ],
        "baseline": {
          "horizon_days": 7,
          "n": 11084,
          "mean": 0.005265512305187466,
          "std": 0.06069057762388563,
          "hit_rate": 0.5354565138939011,
          "p50": 0.004827011158302752,
          "first_date": "1980-12-12",
          "last_date": "2024-11-29"
        },
        "mean_ci": {
          "n_independent": 5,
          "mean": -0.00011091182398084153,
          "low": -0.0172384984261708,
          "high": 0.01582956660506758,
          "level": 0.9,
          "resamples": 2000,
          "seed": 1
        },
        "excess_over_baseline": {
          "mean": -0.005376424129168308,
          "low": -0.022504010731358267,
          "high": 0.010564054299880114,
          "t_stat": -0.514106857625986
        }
      },
      {
        "horizon_days": 30,
        "n": 5,
        "mean": -0.04567448347064806,
        "p10": -0.21014343591889434,
        "p25": -0.15577795569789155,
        "p50": -0.018484125381471483,
        "p75": 0.058822508478341584,
        "p90": 0.10360155017974312,
        "hit_rate": 0.4,
        "returns": [
          -0.018484125381471483,
          0.13345424464734412,
          0.058822508478341584,
          -0.15577795569789155,
          -0.2463870893995629
        ],
        "baseline": {
          "horizon_days": 30,
          "n": 11066,
          "mean": 0.02281081616436622,
          "std": 0.1277834414655456,
          "hit_rate": 0.572745346105187,
          "p50": 0.020654909119382947,
          "first_date": "1980-12-12",
          "last_date": "2024-11-06"
        },
        "mean_ci": {
          "n_independent": 5,
          "mean": -0.04567448347064805,
          "low": -0.14910151634331345,
          "high": 0.05775254940201737,
          "level": 0.9,
          "resamples": 2000,
          "seed": 1
        },
        "excess_over_baseline": {
          "mean": -0.06848529963501426,
          "low": -0.17191233250767968,
          "high": 0.03494173323765115,
          "t_stat": -0.9877063836948929
        }
      }
    ],
    "peers": [
      {
        "ticker": "MSFT",
        "status": "ok",
        "outcomes": [
          {
            "horizon_days": 7,
            "n": 5,
            "mean": -0.01000743226296639,
            "p10": -0.06143043730455022,
            "p25": -0.03065560635298137,
            "p50": -0.014808643843992941,
            "p75": 0.0320171875995503,
            "p90": 0.04002101057273304,
            "hit_rate": 0.4,
            "returns": [
              -0.014808643843992941,
              -0.08194699127226279,
              -0.03065560635298137,
              0.0320171875995503,
              0.045356892554854866
            ],
            "baseline": {
              "horizon_days": 7,
              "n": 9758,
              "mean": 0.005439874092205907,
              "std": 0.04406229945758347,
              "hit_rate": 0.5517524082803853,
              "p50": 0.004385830802837498,
              "first_date": "1986-03-13",
              "last_date": "2024-11-29"
            },
            "mean_ci": {
              "n_independent": 5,
              "mean": -0.010007432262966387,
              "low": -0.0457264860122462,
              "high": 0.024818510791165795,
              "level": 0.9,
              "resamples": 2000,
              "seed": 1
            },
            "excess_over_baseline": {
              "mean": -0.015447306355172294,
              "low": -0.05116636010445211,
              "high": 0.019378636698959888,
              "t_stat": -0.6755935091347106
            }
          },
          {
            "horizon_days": 30,
            "n": 5,
            "mean": 0.005011749722745006,
            "p10": -0.04500020169389971,
            "p25": -0.041226446334054034,
            "p50": 0.01395855773375021,
            "p75": 0.025614016471449563,
            "p90": 0.054782802194405504,
            "hit_rate": 0.6,
            "returns": [
              0.01395855773375021,
              0.07422865934304279,
              -0.041226446334054034,
              0.025614016471449563,
              -0.047516038600463495
            ],
            "baseline": {
              "horizon_days": 30,
              "n": 9740,
              "mean": 0.02301463213039317,
              "std": 0.08967549553631458,
              "hit_rate": 0.6124229979466119,
              "p50": 0.020777267321915538,
              "first_date": "1986-03-13",
              "last_date": "2024-11-06"
            },
            "mean_ci": {
              "n_independent": 5,
              "mean": 0.005011749722745007,
              "low": -0.030374190679517098,
              "high": 0.04015679118002289,
              "level": 0.9,
              "resamples": 2000,
              "seed": 1
            },
            "excess_over_baseline": {
              "mean": -0.018002882407648163,
              "low": -0.053388822809910266,
              "high": 0.01714215904962972,
              "t_stat": -0.7974696328451427
            }
          }
        ],
        "lead_lag": {
          "returns": 250,
          "from_date": "2023-11-03",
          "to_date": "2024-10-31",
          "lag0": {
            "lag_days": 0,
            "correlation": 0.4731655114995197,
            "n": 250
          },
          "best": {
            "lag_days": 0,
            "correlation": 0.4731655114995197,
            "n": 250
          },
          "by_lag": [
            {
              "lag_days": -5,
              "correlation": 0.042576136390530366,
              "n": 245
            },
            {
              "lag_days": -4,
              "correlation": 0.06463917953195455,
              "n": 246
            },
            {
              "lag_days": -3,
              "correlation": -0.03734968188121324,
              "n": 247
            },
            {
              "lag_days": -2,
              "correlation": -0.017710243109423852,
              "n": 248
            },
            {
              "lag_days": -1,
              "correlation": 0.017584864018017208,
              "n": 249
            },
            {
              "lag_days": 0,
              "correlation": 0.4731655114995197,
              "n": 250
            },
            {
              "lag_days": 1,
              "correlation": 0.03255234416107349,
              "n": 249
            },
            {
              "lag_days": 2,
              "correlation": 0.034165272843902444,
              "n": 248
            },
            {
              "lag_days": 3,
              "correlation": -0.019490408844919125,
              "n": 247
            },
            {
              "lag_days": 4,
              "correlation": 0.05712288846477341,
              "n": 246
            },
            {
              "lag_days": 5,
              "correlation": -0.07380746171804159,
              "n": 245
            }
          ],
          "noise_band_95": 0.12396128427860047
        }
      },
      {
        "ticker": "NOSUCH",
        "status": "unknown_ticker",
        "error": "Unknown ticker \"NOSUCH\": not in the offline dataset",
        "outcomes": [],
        "lead_lag": null
      }
    ]
  },
};
