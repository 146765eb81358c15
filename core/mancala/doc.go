// Package mancala is one sowing engine for the mancala family: a game is a descriptor,
// data rather than code, and Kalah, Oware, Ayoayo, Congkak, Toguz Kumalak and Vai Lung
// Thlan are values of it. Each catalogue game is written once, as its Lua script
// (scripts/mancala/*.lua); its constructor here (Oware, Ayoayo, ..., in
// catalogue_gen.go) is generated from the script by go generate ./variants, with the
// script's header as its documentation; Kalah's knob model (Kalah, games.go) is the
// base game's. core/kalah stays as Kalah's own fast
// implementation; a differential test holds the engine, given Kalah's descriptor, equal
// to it on perft and on random games for every knob combination (kalah_diff_test.go),
// and variants/mancala_diff_test.go holds Oware's descriptor equal to scripts/oware.lua.
//
// # The descriptor model
//
// [Rules] has four parts, each a plain struct with documented zero values:
//
//   - [Board], the geometry: rows (1..6) of houses (1..64 a row), a list of [Pit]s
//     (owner, house or store, row and column in the drawing, seeds at the start; counts
//     are 16-bit, up to 65535 seeds), and each player's track, the pits they sow into
//     in anticlockwise order. What is "opposite", a "column" and an "inner row" follows
//     from the rows and columns. [TwoRows] and [FourRows] build the common boards;
//     [TwoRowsLeft] is the two-row board with each store at its owner's left, for
//     rule books that sow clockwise (Congkak): there a clockwise lap goes own row, own
//     store, opponent's row, as an anticlockwise one does on [TwoRows].
//   - [Sowing]: direction (fixed either way, or chosen with each move), which stores
//     take seeds, the origin skipped on laps or sown first, the fewest seeds a house is
//     sown from, and relay sowing (a last seed in an occupied house lifts it and goes
//     on).
//   - [Capture] rules, tried in order after the sowing: conditions on the last pit
//     (whose side, inner row, empty before, its count in a set or even, not a given
//     house number), what is taken (the opposite house, the opponent's column, the pit
//     itself, chained backward or forward while the condition holds), the capturing
//     seed with it or not, "a grand slam captures nothing", and the effect: seeds to the
//     mover's store, or the pit marked as the mover's for good (Toguz Kumalak's tuzdik:
//     seeds sown into it go to the owner's store, a per-seed effect).
//   - [End]: either side empty or the mover cannot move, a majority of the seeds, a ply
//     limit, and repetitions (a position occurring End.Repeats times since the last
//     change of a store: a cycle), with how the seeds left count: to their owner,
//     discarded, to the player not to move, or split evenly (scores are kept in halves
//     of a seed: [State.ScoreHalves]).
//
// Beside them: an extra turn for a last seed in the own store, must feed, the pie rule
// (a swap move, as core/kalah's), and a pass for a player who cannot sow.
//
// # The extended rules
//
// Newer fields, all off at their zero values (the games above keep their loop, their
// strings and their speed):
//
//   - Boards: a board may have no stores at all (the engine adds one per player after
//     the listed pits: [WithoutStores]); one row ([OneRow]) or an odd number of rows
//     (a middle row faces itself: nothing is opposite there); per-house start counts
//     ([WithSeeds]: Hus, Owela).
//   - The extended move loop (sowx.go), used as soon as any of the following is set:
//     the captures are tried at the end of every lap, before the relay
//     (Sowing.LapCaptures); Sowing.TakeAt takes a house that a seed brings to a count
//     (to the sower or, TakeAtOwner, the owner; a last seed doing so ends the move);
//     RelayOwnSide and RelayNext; captures that take the next pit (TakeNext) or the
//     pits after the last (TakeAfter), that need the last pit occupied, the opposite
//     house occupied or every taken pit occupied, that start from a ply (FromPly), that
//     also take an opponent house of the mover's choosing (Chosen, named in the move)
//     or whose seeds are sown on (Effect Resow, from ResowFrom). Relay works with a
//     chosen direction.
//   - Kept pits (Effect KeepPair, with Capture.OppositeCounts: Layli Goobalay's uur):
//     the last pit and the opposite one become the capturer's for good; they keep
//     what is sown into them, are never sown from or captured, stop a relay, and go to
//     their owner at the end ([State.Kept]).
//   - Per-house directions (Sowing.HouseDirections: Um el-Bagara's holes sow towards
//     the nearer end of the row, the middle one either way).
//   - Move rules: NoStarve (Awari), Opening (houses allowed in the first plies; every
//     house once), Must (ReachOrEmpty: Dabuda, on the first lap).
//   - Phases: Setup (seed moves between own houses before play, "2>5", "done") and
//     Rounds (a round's winnings refill the houses; houses not refilled are out of
//     play: Pallanguzhi, Gabata, Ba-awa); End.LeftAtMost and the seeds left ToEmptied
//     or ToStarter.
//
// Hooks (hooks.go) run in both loops, at the same points with the same move context:
// Capture where the captures would be tried (in the extended loop at every lap's end,
// with [State.ApplyCaptures] for the descriptor's own, re-sowing included), AfterSow
// after the move; setup moves, swaps, passes and the moves the move rules try call none.
// Kalah's hook points are there too, for every game: ExtraTurn after a sowing, CanPlay
// filtering the legal sowings (the game then lists its moves house by house), IsOver
// after each move and FinalScores at the end. The track helpers (track.go: [State.Walk],
// [State.Step], [Game.Column], [State.InPlay]) say where a player's seeds go, for hooks.
// [Rules.Validate] checks a descriptor and names the field at fault
// ("board.tracks[1] misses pit 3, a house player 1 owns"). [New] compiles it into a
// [Game]: laps per player and direction, opposite and column tables, per-pit keys.
//
// # Board indexing and notation
//
// A pit is its index in Board.Pits; the position string lists the pits in that order,
// stores in brackets, then the side to move (s, n, or - once over), then the game
// variables that are set: "pie=first" or "pie=offer", "swapped", "marks=PIT:s|n,..."
// (1-based pits marked by a capture and their owner), "kept=PIT:s|n,..." (kept pits and
// their owner) and "repeated" (a finished game that ended by repetition). With [TwoRows] and [FourRows] the indexing is core/kalah's,
// and so is the string of a Kalah descriptor, character for character:
//
//	4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s
//	9,9,9,9,9,9,9,9,0,[10],10,10,10,0,10,10,10,10,10,[0] n marks=14:s
//
// [TwoRowsLeft] keeps [TwoRows]'s order (South's houses from South's left, South's
// store, North's houses from North's left, North's store; the stores now sit at those
// left ends), so each player's houses are listed from the one next to their store:
// Congkak's first move, on the sources' board, is
//
//	8,8,8,8,8,0,8,[10],8,0,8,8,8,8,0,[0] n
//
// The ply count is not in the string (as in core/kalah): a ply limit counts from the
// start or from the parsed position, and so does the repetition record. With
// Rules.KeepPly, or any rule that depends on the ply (Opening, Capture.FromPly, Setup,
// Rounds), the string carries "ply=N" (and "played=K", the plies of the round's play,
// when different), so a parsed position resumes them; the extended games add "out=",
// "round=", "setup=" and "used=" (notation_ext.go). The repetition record is never in
// the string: it starts afresh at a parsed position.
//
// A move is a house number, 1.. along the mover's track (house 1 is the first of the
// mover's houses that their track lists: on [TwoRows] and [TwoRowsLeft] alike the
// player's leftmost house, which on [TwoRowsLeft] is the one next to their store, so
// a clockwise lap from house k sows houses k-1 .. 1 and then the store); when the mover chooses the direction, the
// number is followed by R (anticlockwise: sowing towards the mover's right along their
// near row) or L (clockwise): "3R", "3L" (with per-house directions, only a house
// whose direction is chosen takes the letter). A move naming a chosen opponent house adds
// ">" and its number ("5>3", "5L>3"); a setup move is "A>B" (a seed from house A to
// house B) or "done". The special moves are "swap" and "pass".
// Internally a move is the 0-based house index, plus [ClockwiseBit].
//
// # Speed
//
// Positions are a []uint16 of counts and a few variables. On boards of at most 32
// pits (every two-row game up to 15 houses a row) the counts are also a word board
// (words.go): four 16-bit counts to a 64-bit word, State.pits a view of whole words.
// There a lap is sown with no loop over its seeds: each side's lap in each direction
// has a table of prefix sums of the lap walked twice (one seed in each of the first j
// positions, as words, with their hash and the pit at position j-1), and k seeds from
// a position are the difference of two entries, added word by word (no lane carries:
// no pit holds more than the seeds in play). Whole laps are added in bulk; seeds sown
// into marked pits (a tuzdik) are read from the same entries and moved to the mark's
// owner. A relay (relay4 on boards of at most 16 pits, relayWords above) is a chain
// of laps; each lap's start comes from the entry of the last, so a lap costs two
// dependent loads and a few word additions.
//
// The rest of a move follows the same rule: no branch where the outcome is a coin
// toss in a playout. The houses holding seeds take one multiplication per four words
// (lanesSet), so the move list is a row of a table (sowableWords) and "is a side
// empty" a mask, both from bits cached for the position (the end check asks them,
// LegalMoves lists from them);
// a single capture of the facing pit (Kalah, Ayoayo, Congkak) is computed rather
// than tested (captureOne); a capture resets the repetition record with masks. Play
// pushes one fixed-size record (board, marks and variables) for Undo, so play and
// undo allocate nothing once the record has grown. Bigger boards keep the lap walk
// of sow.go, with whole laps in bulk and no per-seed branch when nothing is skipped
// or marked.
//
// The rules that try moves (must feed, no-starve, Must, chosen targets) list the
// mover's moves once per position: the end check's listing is kept for the next
// LegalMoves; Must's trials stop after the first lap; no-starve tries nothing while
// an opponent house holds more seeds than any capture can take. The repetition rule
// keeps the raw (unmixed) hashes of the positions since the last change of a store,
// and a 128-bit Bloom filter of them (in the undo record), so the record is searched
// only for a likely repetition; the hash is kept as running totals of the pits and
// marks, so it costs a few operations a move.
//
// # Paths
//
// Which routines play a game is decided once, when [New] compiles it, in one place
// (plan.go: planPaths finds what the rules admit, applyPlan sets the flags the hot
// paths test). The plan has five parts:
//
//   - The loop, which the rules decide: the classic loop (sow.go: the laps of a move,
//     relayed, then one capture where the relay ended) or, as soon as an extended rule
//     is set, the extended loop (sowx.go: captures at every lap's end, before the
//     relay).
//   - The lap routine, the fastest the rules admit: the lap walk (seed by seed, with
//     skipped origins, first seeds back, marked and out-of-play pits, per-seed takes),
//     bulk laps (the walk, whole laps added at once, when there is nothing to skip,
//     mark or take), the word board's tables (boards of at most 32 pits: relayWords,
//     and lapTable in the extended loop) and relay4 (the classic loop on boards of at
//     most 16 pits with no first seed back). Where a fast routine cannot go for a
//     moment the next slower one sows: a hooked move's traced sowing is walked, and
//     relay4 hands a board with a marked pit to relayWords.
//   - The capture: a game whose one capture takes the facing pit on a board of at most
//     16 pits computes it (captureOne); the others try the rules in order.
//   - The move list and the emptiness checks: from the word board's bits where the
//     houses of a side are consecutive pits (at most 16 a side), else from the counts.
//   - The Kalah path (kalahpath.go), for a Kalah-shaped game: one lap a move (or whole
//     laps and one), in one direction, at most one capture of the facing pit with no
//     count condition but "empty before", an extra turn or none, an end that looks at
//     the houses and the ply alone, no hook, mark, relay, move rule, setup, round or
//     repetition, on at most 16 pits (two-row Kalah of up to 7 houses under every knob
//     but four rows). A sowing is then one routine: the lap is one entry of a table
//     of whole steps (per house and count: the change of the board's words and hash,
//     the last pit, whether it may capture, whether the mover goes again), the capture
//     is computed and applied in a rare branch, the end is a mask of the houses' bits;
//     Play keeps a record of six words, LegalMoves lists from the bits the move left,
//     Reset copies the start compiled, the end sums a side's houses by word, and
//     PlayRandom (core.RandomPlayer, MCTS's rollouts) draws as the plain loop does.
//     The pie rule's first plies and swap, and a traced move, go through apply.
//
// One bound holds on every path: a move sows at most [MaxRelay] laps. TestPathsAgree
// (paths_test.go) forces every plan a descriptor admits, the hooks' traced sowing and,
// where trying captures at every lap's end changes nothing, the extended loop
// (Sowing.LapCaptures), on every game of the tests and on random descriptors, and
// holds them equal at every ply: position, hash, legal moves and scores.
//
// # Traces
//
// [State.Trace] (trace.go, core.Tracer) says what a move does, step by step: it plays
// the move on a copy under a copy of the game traced as a hooked game is (the lap walk,
// Sown), with a Capture hook that records each capture and its rule, so Play and the
// fast paths are untouched. TestTraceReplaysEveryGame holds the steps to the position
// Play leaves, at every ply of random games of every game of the tests.
//
// digest_test.go holds every game's play (positions, hashes, moves, scores, undo and
// parse round trips over random games) to a golden digest, the guard of every speed
// change; bench_test.go measures the games against Kalah's generic path.
package mancala
