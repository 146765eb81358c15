package run

import "encoding/json"

// UnmarshalJSON reads a trial log line. Logs written before the field was renamed hold
// the move codes under "moves"; they are read the same, so that replay, --resume and
// merge go on working with them (a line never holds both; "move_codes" wins if it does).
func (r *Record) UnmarshalJSON(data []byte) error {
	type plain Record
	aux := struct {
		*plain
		Legacy []int `json:"moves"`
	}{plain: (*plain)(r)}
	if err := json.Unmarshal(data, &aux); err != nil {
		return err
	}
	if len(r.Moves) == 0 && len(aux.Legacy) > 0 {
		r.Moves = aux.Legacy
	}
	return nil
}
