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
// Which windows apply to an Application is Argo CD's rule too (SyncWindows.Matches, with the
// glob library it matches with, gobwas/glob, from Debian's golang-github-gobwas-glob-dev): a
// window's applications are matched against the Application's name, its clusters against the
// destination's name or server, its namespaces against the destination's namespace; a window
// applies when any of its lists given has a matching pattern, or with andOperator when every
// list given has one (a window with no list applies to nothing).
//
// Reads {"windows": [{"schedule", "duration", "timeZone", "applications", "namespaces",
// "clusters", "andOperator"}], "instants": [unix seconds], "app": {"name", "namespace",
// "server", "cluster"}} on stdin ("app" optional: without it every window applies) and prints
// one character per instant: 1 when any window that applies is active (a deny window closes
// syncs), 0 otherwise. Built in GOPATH mode against Debian's copies of the libraries.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/gobwas/glob"
	"github.com/robfig/cron"
)

type window struct {
	Schedule     string   `json:"schedule"`
	Duration     string   `json:"duration"`
	TimeZone     string   `json:"timeZone"`
	Applications []string `json:"applications"`
	Namespaces   []string `json:"namespaces"`
	Clusters     []string `json:"clusters"`
	AndOperator  bool     `json:"andOperator"`
}

type application struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace"`
	Server    string `json:"server"`
	Cluster   string `json:"cluster"`
}

// matches: whether one of the patterns matches one of the non-empty values ("*" matches
// anything, as Argo CD's globMatch says before compiling).
func matches(patterns []string, values ...string) bool {
	for _, pattern := range patterns {
		compiled, err := glob.Compile(pattern)
		if err != nil {
			fmt.Fprintf(os.Stderr, "argocd_windows: pattern %q: %v\n", pattern, err)
			os.Exit(2)
		}
		for _, value := range values {
			if pattern == "*" || (value != "" && compiled.Match(value)) {
				return true
			}
		}
	}
	return false
}

// applies: Argo CD's choice of the windows an Application is subject to.
func applies(w window, app application) bool {
	given, matched := 0, 0
	check := func(patterns []string, values ...string) {
		if len(patterns) == 0 {
			return
		}
		given++
		if matches(patterns, values...) {
			matched++
		}
	}
	check(w.Applications, app.Name)
	check(w.Clusters, app.Cluster, app.Server)
	check(w.Namespaces, app.Namespace)
	if w.AndOperator {
		return given > 0 && matched == given
	}
	return matched > 0
}

type parsed struct {
	schedule cron.Schedule
	duration time.Duration
	location *time.Location
}

func main() {
	var input struct {
		Windows  []window     `json:"windows"`
		Instants []int64      `json:"instants"`
		App      *application `json:"app"`
	}
	if err := json.NewDecoder(os.Stdin).Decode(&input); err != nil {
		fmt.Fprintln(os.Stderr, "argocd_windows: input:", err)
		os.Exit(2)
	}
	parser := cron.NewParser(cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow)
	windows := make([]parsed, 0, len(input.Windows))
	for _, w := range input.Windows {
		if input.App != nil && !applies(w, *input.App) {
			continue
		}
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
