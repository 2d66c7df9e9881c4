// Times bridge-scorer's matchpoints() over every board of a field, for
// benchmarks/comparisons.py.  Usage: node bridge_scorer_mp.js BOARDS.json REPEAT
"use strict";
const path = require("path");
const fs = require("fs");
const scorer = require(path.join(__dirname, ".node", "node_modules", "bridge-scorer"));

const boards = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const repeat = parseInt(process.argv[3] || "5", 10);
let best = Infinity;
let checksum = 0;
for (let r = 0; r < repeat; r++) {
  // Fresh game objects each run: matchpoints() writes its results onto them.
  const games = boards.map((scores) =>
    scores.map((s) => ({ contract: { declaror: "N" }, score: s }))
  );
  const t0 = process.hrtime.bigint();
  for (const g of games) scorer.matchpoints(g);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  best = Math.min(best, ms);
  checksum = games[0].reduce((a, g) => a + g.matchpointsNS.value, 0);
}
console.log(JSON.stringify({ ms: best, checksum }));
