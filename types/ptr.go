package types

// Ptr returns a pointer to v, for the optional (*bool, *int, *int64,
// *float64...) fields of every package's parameters and bodies:
//
//	&documents.GetParams{Realtime: types.Ptr(false)}
func Ptr[T any](v T) *T { return &v }
