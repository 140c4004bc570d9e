package persist

import "errors"

func asCorrupt(err error, target **CorruptError) bool { return errors.As(err, target) }
