// Package sysstats reads the machine and process figures that node statistics
// report (the os, process, jvm and fs groups): real values from /proc,
// /sys/fs/cgroup, statfs and the Go runtime, so a fake node's numbers move
// the way a real node's do. Where a figure cannot be read (another OS, a
// sandbox without /proc), the reader answers -1 or 0 the way OpenSearch's
// probes do, never an error: statistics must not fail a request.
package sysstats
