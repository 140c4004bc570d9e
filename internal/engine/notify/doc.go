// Package notify is the fake's notifications engine: the configuration store
// and the test-delivery logic of the OpenSearch notifications plugin (2.19),
// behind a transport-neutral request/response layer.
//
// The HTTP server adds the routes returned by [Routes] to its table and calls
// [Service.Handle] with the parsed request. Every answer is a [Result] (status
// and JSON body) or an [*Error] that knows how the plugin renders it: the
// OpenSearch error envelope or a plain-text body.
//
// Test delivery is real: slack, chime, microsoft_teams and webhook channels
// POST to their URL, email channels speak SMTP to their smtp_account's host.
// SNS and SES go through caller-supplied hooks; without one they report the
// delivery failure a cluster without AWS credentials reports.
package notify
