-- production-freeze.lua: the year-end freeze closes production (not staging), and spares the
-- status page; a question that names no environment is frozen (a forgotten context never opens it).
-- A break-glass override may lift it for at most 48 hours, with a ticket, approved by an SRE lead.
return {
  name = "year-end freeze, production",
  scope = { environment = { "production", "prod-*" }, exclude = { service = "status-page" } },
  overridable = { maxHours = 48, requireTicket = true, approvers = { "sre-lead" } },
  canSelect = function(day)
    if (day.month == 12 and day.day >= 18) or (day.month == 1 and day.day <= 3) then
      return false, "year-end change freeze"
    end
    return true
  end,
}
