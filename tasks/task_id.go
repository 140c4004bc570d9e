package tasks

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
)

// TaskID identifies a task as "<node_id>:<task_number>", for example "oTUltX4IQMOUUVeiohTt8A:124".
type TaskID string

// NewTaskID returns the id of task number n on node.
func NewTaskID(node string, n int64) TaskID {
	return TaskID(node + ":" + strconv.FormatInt(n, 10))
}

// ParseTaskID checks s the way the server does: a non-empty node id, a colon and a
// whole task number. "-1" (the server's "no task") is rejected too.
func ParseTaskID(s string) (TaskID, error) {
	node, num, ok := strings.Cut(s, ":")
	if !ok || node == "" || strings.Contains(num, ":") {
		return "", fmt.Errorf("tasks: malformed task id %q: want <node_id>:<task_number>", s)
	}
	if _, err := strconv.ParseInt(num, 10, 64); err != nil {
		return "", fmt.Errorf("tasks: malformed task id %q: task number %q is not a whole number", s, num)
	}
	return TaskID(s), nil
}

// Node returns the node part of the id ("" when the id is malformed).
func (id TaskID) Node() string {
	node, _, ok := strings.Cut(string(id), ":")
	if !ok {
		return ""
	}
	return node
}

// Number returns the task number part of the id and whether it parsed.
func (id TaskID) Number() (int64, bool) {
	_, num, ok := strings.Cut(string(id), ":")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(num, 10, 64)
	return n, err == nil
}

// String returns the id as written.
func (id TaskID) String() string { return string(id) }

// Compare orders ids by node, then by task number (numerically), for sorting;
// it returns -1, 0 or +1. Malformed ids order by their text after well-formed ones of the same node.
func (id TaskID) Compare(other TaskID) int {
	if c := strings.Compare(id.Node(), other.Node()); c != 0 {
		return c
	}
	a, okA := id.Number()
	b, okB := other.Number()
	switch {
	case okA && okB:
		return cmp.Compare(a, b)
	case okA:
		return -1
	case okB:
		return 1
	}
	return strings.Compare(string(id), string(other))
}
