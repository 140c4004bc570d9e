package notify

import (
	"context"
	"strconv"
	"sync"
)

// maxParallelSends bounds concurrent deliveries to one email channel's
// recipients (the plugin runs them on a bounded I/O pool).
const maxParallelSends = 16

// SendTest answers POST (or GET) /feature/test/{config_id}: it sends the
// plugin's test message to the channel and reports the delivery as
// SendMessageActionHelper does.
func (s *Service) SendTest(ctx context.Context, configID string) (Result, *Error) {
	m := testMessage(configID)
	var st eventStatus
	rec := s.store.get(configID)
	if rec == nil {
		st = eventStatus{configID: configID, configType: TypeNone, configName: "invalid-config",
			delivery: deliveryStatus{"404", "Channel " + configID + " not found"}}
	} else {
		var err *Error
		if st, err = s.sendToChannel(ctx, rec, m); err != nil {
			return Result{}, err
		}
	}
	if st.delivery.code != "200" {
		code, convErr := strconv.Atoi(st.delivery.code)
		if convErr != nil {
			// The plugin parses the status name ("LOCKED", "NOT_FOUND") as
			// an int and fails with NumberFormatException.
			return Result{}, statusErr(400, `For input string: "`+st.delivery.code+`"`)
		}
		var w jsonWriter
		st.writeJSON(&w)
		return Result{}, statusErr(code, `{"event_status_list": [`+string(w.bytes())+`]}`)
	}
	var w jsonWriter
	w.obj()
	w.key("event_source")
	w.obj()
	w.strField("title", m.title)
	w.strField("reference_id", configID)
	w.strField("severity", "info")
	w.key("tags")
	w.arr()
	w.endArr()
	w.end()
	w.key("status_list")
	w.arr()
	st.writeJSON(&w)
	w.endArr()
	w.end()
	return ok(&w), nil
}

// sendToChannel is SendMessageActionHelper.sendMessageToChannel.
func (s *Service) sendToChannel(ctx context.Context, rec *record, m message) (eventStatus, *Error) {
	cfg := rec.cfg
	st := eventStatus{configID: rec.id, configType: cfg.Type, configName: cfg.Name}
	if cfg.Type == TypeEmail {
		st.recipients = []recipientStatus{{"placeholder@example.com", deliveryStatus{"Scheduled", "Pending execution"}}}
	}
	if !cfg.IsEnabled {
		st.delivery = deliveryStatus{"LOCKED", "The channel is muted"}
		return st, nil
	}
	switch cfg.Type {
	case TypeSlack, TypeChime, TypeMicrosoftTeams, TypeWebhook:
		st.delivery = s.sendHTTP(ctx, cfg, m)
	case TypeSNS:
		st.delivery = s.sendSNS(ctx, cfg.SNS, m)
	case TypeEmail:
		return s.sendEmail(ctx, st, cfg.Email, m)
	default:
		// smtp_account, ses_account and email_group are not channels.
		st.delivery = deliveryStatus{"NOT_FOUND", "Channel not found"}
	}
	return st, nil
}

// sendEmail is SendMessageActionHelper.sendEmailMessage.
func (s *Service) sendEmail(ctx context.Context, st eventStatus, e *emailBlock, m message) (eventStatus, *Error) {
	account := s.store.get(e.AccountID)
	if account == nil {
		// The plugin builds an email EventStatus with no recipient status,
		// which its own constructor rejects.
		return st, statusErr(400, "Failed requirement.")
	}
	var invalidGroups []string
	recipients := append([]string{}, e.Recipients...)
	for _, gid := range uniqueIDs(e.GroupIDs) {
		if gid == e.AccountID {
			continue
		}
		g := s.store.get(gid)
		if g == nil {
			invalidGroups = append(invalidGroups, gid)
			continue
		}
		if g.cfg.EmailGroup == nil {
			return st, statusErr(500, "class org.opensearch.commons.notifications.model."+javaClassName(g.cfg.Type)+
				" cannot be cast to class org.opensearch.commons.notifications.model.EmailGroup")
		}
		recipients = append(recipients, g.cfg.EmailGroup.Recipients...)
	}
	recipients = uniqueIDs(recipients)

	statuses := make([]recipientStatus, len(recipients))
	var wg sync.WaitGroup
	slots := make(chan struct{}, maxParallelSends)
	for i, to := range recipients {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			var d deliveryStatus
			switch {
			case account.cfg.SMTP != nil:
				d = s.sendSMTP(ctx, account.cfg.Name, account.cfg.SMTP, to, m)
			case account.cfg.SES != nil:
				d = s.sendSES(ctx, account.cfg.SES, to, m)
			default:
				d = deliveryStatus{"NOT_ACCEPTABLE", "email account type not enabled"}
			}
			statuses[i] = recipientStatus{to, d}
		}()
	}
	wg.Wait()
	for _, gid := range invalidGroups {
		statuses = append(statuses, recipientStatus{"unknown-recipient@example.com",
			deliveryStatus{"404", "Recipient " + gid + " not found"}})
	}
	if len(statuses) == 0 {
		return st, statusErr(500, "List is empty.")
	}
	overall := statuses[0].status
	for _, r := range statuses[1:] {
		if r.status.code != overall.code {
			overall = deliveryStatus{"207", "Errors"}
			break
		}
	}
	st.recipients = statuses
	st.delivery = overall
	return st, nil
}

// javaClassName is the common-utils model class of a config type.
func javaClassName(t string) string {
	switch t {
	case TypeSlack:
		return "Slack"
	case TypeChime:
		return "Chime"
	case TypeMicrosoftTeams:
		return "MicrosoftTeams"
	case TypeWebhook:
		return "Webhook"
	case TypeEmail:
		return "Email"
	case TypeSNS:
		return "Sns"
	case TypeSMTPAccount:
		return "SmtpAccount"
	case TypeSESAccount:
		return "SesAccount"
	}
	return "EmailGroup"
}
