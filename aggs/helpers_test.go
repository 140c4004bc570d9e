package aggs

import "fmt"

func fmtType(v any) string { return fmt.Sprintf("%T", v) }
