// Argo CD's own rule for a sync window, as its controller applies it (argo-cd
// pkg/apis/application/v1alpha1/types.go, SyncWindow.active), with the cron library it uses
// (robfig/cron v3, from Debian's golang-github-robfig-cron-dev):
//
//	current := now.UTC()
//	offset  := the window zone's UTC offset at the moment of the check
//	active  := cron.Next(current + offset - duration) is before current + offset
//
// The cron is read in UTC and the zone enters only as the offset of the moment of the check, so
// a window's duration is measured on the wall clock, not in elapsed time: a window across a DST
// change ends an hour early or late unless its duration is the wall-clock length. Argo CD takes
// the offset from time.Now(); here the moment asked is the moment of the check.
//
// Reads {"windows": [{"schedule", "duration", "timeZone"}], "instants": [unix seconds]} on
// stdin and prints one character per instant: 1 when any window is active (a deny window closes
// syncs), 0 otherwise. Built in GOPATH mode against Debian's copy of the library.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/robfig/cron"
)

type window struct {
	Schedule string `json:"schedule"`
	Duration string `json:"duration"`
	TimeZone string `json:"timeZone"`
}

type parsed struct {
	schedule cron.Schedule
	duration time.Duration
	location *time.Location
}

func main() {
	var input struct {
		Windows  []window `json:"windows"`
		Instants []int64  `json:"instants"`
	}
	if err := json.NewDecoder(os.Stdin).Decode(&input); err != nil {
		fmt.Fprintln(os.Stderr, "argocd_windows: input:", err)
		os.Exit(2)
	}
	parser := cron.NewParser(cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow)
	windows := make([]parsed, 0, len(input.Windows))
	for _, w := range input.Windows {
		schedule, err := parser.Parse(w.Schedule)
		if err != nil {
			fmt.Fprintf(os.Stderr, "argocd_windows: schedule %q: %v\n", w.Schedule, err)
			os.Exit(2)
		}
		duration, err := time.ParseDuration(w.Duration)
		if err != nil {
			fmt.Fprintf(os.Stderr, "argocd_windows: duration %q: %v\n", w.Duration, err)
			os.Exit(2)
		}
		location, err := time.LoadLocation(w.TimeZone)
		if err != nil {
			fmt.Fprintf(os.Stderr, "argocd_windows: time zone %q: %v\n", w.TimeZone, err)
			os.Exit(2)
		}
		windows = append(windows, parsed{schedule, duration, location})
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for _, seconds := range input.Instants {
		now := time.Unix(seconds, 0)
		current := now.UTC()
		active := false
		for _, w := range windows {
			_, offset := now.In(w.location).Zone()
			shift := time.Duration(offset) * time.Second
			if w.schedule.Next(current.Add(shift - w.duration)).Before(current.Add(shift)) {
				active = true
				break
			}
		}
		if active {
			out.WriteByte('1')
		} else {
			out.WriteByte('0')
		}
	}
	out.WriteByte('\n')
}
