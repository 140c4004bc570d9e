package persist

import (
	"fmt"
	"strings"
)

// Options change how a directory is opened.
type Options struct {
	// Recover opens a damaged directory anyway: every readable record is
	// kept, and what could not be read is listed in Loaded.Problems.
	// Without it, Open refuses a damaged directory with a *CorruptError.
	// Either way, damaged files and files this package did not write are
	// left as they are.
	Recover bool
	// Describe, when set, names what a damaged log record held from its
	// (unverified) bytes, for the messages; it must not trust them.
	Describe func(payload []byte) string
}

// Problem is one piece of a data directory that could not be read.
type Problem struct {
	// File is the file's name in the directory.
	File string
	// Record is the number of the damaged record in the file, counted from
	// 0, or -1 when the problem concerns the file as a whole.
	Record int
	// Offset is the byte offset of the damage in the file (-1: none).
	Offset int64
	// What says what is wrong.
	What string
	// Lost says what the cluster loses with it.
	Lost string
}

// String renders the problem as one line.
func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Record >= 0 {
		fmt.Fprintf(&b, ", record %d", p.Record)
	}
	if p.Offset >= 0 {
		fmt.Fprintf(&b, " at byte %d", p.Offset)
	}
	b.WriteString(": " + p.What)
	if p.Lost != "" {
		b.WriteString("; lost: " + p.Lost)
	}
	return b.String()
}

// CorruptError is Open's refusal of a damaged directory.
type CorruptError struct {
	// Dir is the directory.
	Dir string
	// Problems lists each damaged piece.
	Problems []Problem
}

// Error lists every problem, one a line.
func (e *CorruptError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the data directory %s is damaged and was not opened (nothing in it was changed); "+
		"start with the recovery option to keep what is readable and drop the rest:", e.Dir)
	for _, p := range e.Problems {
		b.WriteString("\n  " + p.String())
	}
	return b.String()
}
