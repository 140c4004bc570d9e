package types

// Explanation is one node of a score explanation: a value, how it was
// computed, and the values it was computed from.
type Explanation struct {
	Value       float64       `json:"value"`
	Description string        `json:"description"`
	Details     []Explanation `json:"details"`
}
