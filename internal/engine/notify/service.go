package notify

import (
	"context"
	"crypto/tls"
	"io"
	"net"
	"net/http"
	"time"
)

// Options configures a [Service]. The zero value is usable.
type Options struct {
	// Now is the clock for timestamps and ids (default time.Now).
	Now func() time.Time
	// Random seeds the id generator (default crypto/rand).
	Random io.Reader
	// HTTPClient delivers slack, chime, microsoft_teams and webhook
	// messages. It is copied and set not to follow redirects, as the
	// plugin's client does. Default: 5s connect and 50s read timeouts,
	// the plugin's defaults.
	HTTPClient *http.Client
	// SMTPTimeout bounds one SMTP delivery (default 60s).
	SMTPTimeout time.Duration
	// SMTPTLSConfig verifies SMTP servers for ssl and start_tls (default:
	// the system roots, server name from the account's host).
	SMTPTLSConfig *tls.Config
	// SMTPCredentials returns the keystore credentials of an smtp_account,
	// by its config name; used with ssl and start_tls only.
	SMTPCredentials func(accountName string) (SMTPCredential, bool)
	// SNSSender publishes to SNS and returns the message id. Without it,
	// SNS deliveries fail as on a cluster without AWS credentials.
	SNSSender func(ctx context.Context, m SNSMessage) (messageID string, err error)
	// SESSender sends a raw email through SES and returns the message id.
	// Without it, SES deliveries fail as on a cluster without AWS credentials.
	SESSender func(ctx context.Context, m SESMessage) (messageID string, err error)
	// HostDenyList is the plugin's opensearch.notifications.core.http.host_deny_list:
	// host names, IP addresses or CIDR networks that webhooks may not reach.
	// When set, hosts are resolved before sending, as the plugin does.
	HostDenyList []string
	// OnChange, when set, is called after every successful create, update
	// or delete (outside the store's lock), e.g. to persist [Service.Snapshot].
	OnChange func()
}

// Service is one cluster's notifications plugin. It is safe for concurrent use.
type Service struct {
	now             func() time.Time
	ids             *idGenerator
	store           *store
	httpClient      *http.Client
	smtpTimeout     time.Duration
	smtpTLS         *tls.Config
	smtpCredentials func(string) (SMTPCredential, bool)
	snsSender       func(context.Context, SNSMessage) (string, error)
	sesSender       func(context.Context, SESMessage) (string, error)
	onChange        func()
	hostDenyList    []string
}

// New returns an empty service.
func New(opts Options) *Service {
	s := &Service{
		now:             opts.Now,
		store:           newStore(),
		smtpTimeout:     opts.SMTPTimeout,
		smtpTLS:         opts.SMTPTLSConfig,
		smtpCredentials: opts.SMTPCredentials,
		snsSender:       opts.SNSSender,
		sesSender:       opts.SESSender,
		onChange:        opts.OnChange,
		hostDenyList:    append([]string(nil), opts.HostDenyList...),
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.smtpTimeout <= 0 {
		s.smtpTimeout = 60 * time.Second
	}
	s.ids = newIDGenerator(s.now, opts.Random)
	var client http.Client
	if opts.HTTPClient != nil {
		client = *opts.HTTPClient
	} else {
		client.Transport = &http.Transport{
			Proxy:                 http.ProxyFromEnvironment,
			DialContext:           (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
			TLSHandshakeTimeout:   5 * time.Second,
			ResponseHeaderTimeout: 50 * time.Second,
			MaxIdleConnsPerHost:   20,
		}
		client.Timeout = 55 * time.Second
	}
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	s.httpClient = &client
	return s
}

func (s *Service) nowMillis() int64 { return s.now().UnixMilli() }

func (s *Service) changed() {
	if s.onChange != nil {
		s.onChange()
	}
}
