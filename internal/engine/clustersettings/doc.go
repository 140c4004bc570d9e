// Package clustersettings holds the fake cluster's dynamic settings (GET and
// PUT /_cluster/settings): the persistent and transient blocks, validation as
// OpenSearch 2.19's SettingsUpdater and ClusterSettings do it, and the typed
// effective values the rest of the engine reads (search cancellation and
// keep-alive limits, point-in-time limits, index auto-creation, destructive
// operations by wildcard, script compilation limits per context).
package clustersettings
