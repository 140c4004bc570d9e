// Package notify is the fake's notifications engine: the configuration store
// and the test-delivery logic of the OpenSearch notifications plugin (2.19),
// behind a transport-neutral request/response layer.
//
// The HTTP server adds the routes returned by [Routes] to its table and calls
// [Service.Handle] with the parsed request. Every answer is a [Result] (status
// and JSON body) or an [*Error] that knows how the plugin renders it: the
// OpenSearch error envelope or a plain-text body.
//
// Test delivery is real: slack, chime and microsoft_teams channels POST to
// their URL, webhooks send with their method and headers, and email channels
// speak SMTP (none, ssl or start_tls) to their smtp_account's host. SNS and
// SES go through caller-supplied hooks; without one they report the delivery
// failure a cluster without AWS credentials reports. As in the plugin, a test
// sent to an smtp_account, ses_account or email_group config (not channels)
// and a test to a muted channel fail with the plugin's own 400 quirk.
//
// Request bodies are read with internal/engine/xcontent, so malformed JSON
// and duplicate keys fail with Jackson's messages.
package notify
