// Times bridge-scorer's matchpoints() over every board of a field, for
// benchmarks/comparisons.py.  Usage: node bridge_scorer_mp.js BOARDS.json REPEAT
// BOARDS.json: [{"scores": [...], "ns": [...], "ew": [...]}, ...], one per board.
// Prints each run's time and, from the last run, every pair's total matchpoints
// and total percentage (so the caller checks the whole field, not one board).
"use strict";
const path = require("path");
const fs = require("fs");
const scorer = require(path.join(__dirname, ".node", "node_modules", "bridge-scorer"));

const boards = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const repeat = parseInt(process.argv[3] || "5", 10);
const runs = [];
let games = null;
for (let r = 0; r < repeat; r++) {
  // Fresh game objects each run: matchpoints() writes its results onto them.
  games = boards.map((b) => b.scores.map((s) => ({ contract: { declaror: "N" }, score: s })));
  const t0 = process.hrtime.bigint();
  for (const g of games) scorer.matchpoints(g);
  runs.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
const totals = {};
const percents = {};
const ranks = {};
boards.forEach((b, i) => {
  games[i].forEach((g, j) => {
    for (const [pair, mp] of [[b.ns[j], g.matchpointsNS], [b.ew[j], g.matchpointsEW]]) {
      totals[pair] = (totals[pair] || 0) + mp.value;
      percents[pair] = (percents[pair] || 0) + mp.percentage;
      ranks[pair] = (ranks[pair] || "") + mp.rank + ",";
    }
  });
});
console.log(JSON.stringify({ runs, totals, percents, ranks }));
