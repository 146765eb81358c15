package plan

// Tournament marks a plan as a tournament and names its entrants.
type Tournament struct {
	// Entrants are the labels of the plan's agents, in order: their specs in the
	// command-line form, a repeated one numbered ("alphabeta:depth=4#2").
	Entrants []string `json:"entrants"`
	// Variant is the label of the variant played.
	Variant string `json:"variant"`
	// Notes are caveats found when the tournament was made (the standings repeat them).
	Notes []string `json:"notes,omitempty"`
}
