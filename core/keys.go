package core

// Keys draws Zobrist keys: a splitmix64 sequence from a fixed seed, so that hashes are
// the same in every run (and every process of a sharded experiment).
type Keys struct{ x uint64 }

// NewKeys starts a sequence; each game uses its own seed.
func NewKeys(seed uint64) *Keys { return &Keys{x: seed} }

// Next returns the next key.
func (k *Keys) Next() uint64 {
	k.x += 0x9e3779b97f4a7c15
	z := k.x
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Constructor builds a Def.New from a game's RulesFrom and New, the same two steps
// every base game takes: knobs to rules, rules to a named game.
func Constructor[R any, G Game](from func(Params) (R, error), build func(string, R) (G, error)) func(string, Params) (Game, error) {
	return func(name string, p Params) (Game, error) {
		r, err := from(p)
		if err != nil {
			return nil, err
		}
		return build(name, r)
	}
}
