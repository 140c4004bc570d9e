package fake

import (
	"context"
	"crypto/tls"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/engine/notify"
)

// SNSMessage is what a test notification to an SNS channel publishes.
type SNSMessage = notify.SNSMessage

// SESMessage is the raw email a test notification through an SES account sends.
type SESMessage = notify.SESMessage

// SMTPCredential is the keystore user name and password of an smtp_account.
type SMTPCredential = notify.SMTPCredential

// notifyConfig holds the notification options.
type notifyConfig struct {
	httpClient  *http.Client
	sns         func(context.Context, SNSMessage) (string, error)
	ses         func(context.Context, SESMessage) (string, error)
	smtpTLS     *tls.Config
	smtpCreds   func(string) (SMTPCredential, bool)
	hostDenyLst []string
}

// WithNotificationsHTTPClient sets the client that delivers slack, chime,
// microsoft_teams and webhook test notifications (default: the plugin's
// timeouts, no redirects followed).
func WithNotificationsHTTPClient(c *http.Client) Option {
	return func(cfg *config) { cfg.ext.notify.httpClient = c }
}

// WithSNSSender makes SNS test notifications call send, which returns the
// message id. Without it they fail as on a cluster without AWS credentials.
func WithSNSSender(send func(ctx context.Context, m SNSMessage) (messageID string, err error)) Option {
	return func(cfg *config) { cfg.ext.notify.sns = send }
}

// WithSESSender makes test notifications through SES accounts call send,
// which returns the message id. Without it they fail as on a cluster without
// AWS credentials.
func WithSESSender(send func(ctx context.Context, m SESMessage) (messageID string, err error)) Option {
	return func(cfg *config) { cfg.ext.notify.ses = send }
}

// WithSMTPTLSConfig sets the TLS configuration used to verify SMTP servers of
// ssl and start_tls accounts (default: the system roots).
func WithSMTPTLSConfig(c *tls.Config) Option {
	return func(cfg *config) { cfg.ext.notify.smtpTLS = c }
}

// WithSMTPCredentials supplies the keystore credentials of smtp_account
// configs by account name (used with ssl and start_tls).
func WithSMTPCredentials(lookup func(accountName string) (SMTPCredential, bool)) Option {
	return func(cfg *config) { cfg.ext.notify.smtpCreds = lookup }
}

// WithNotificationsHostDenyList sets the plugin's host deny list: host names,
// IP addresses or CIDR networks that webhooks may not reach.
func WithNotificationsHostDenyList(hosts ...string) Option {
	return func(cfg *config) { cfg.ext.notify.hostDenyLst = append(cfg.ext.notify.hostDenyLst, hosts...) }
}

// newNotify builds the cluster's notifications service; onChange persists
// configs when a data directory is set (nil otherwise).
func newNotify(cfg *config, onChange func()) *notify.Service {
	n := cfg.ext.notify
	return notify.New(notify.Options{
		Now:             cfg.clock.Now,
		HTTPClient:      n.httpClient,
		SMTPTLSConfig:   n.smtpTLS,
		SMTPCredentials: n.smtpCreds,
		SNSSender:       n.sns,
		SESSender:       n.ses,
		HostDenyList:    n.hostDenyLst,
		OnChange:        onChange,
	})
}
