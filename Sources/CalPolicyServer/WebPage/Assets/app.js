// The service's page: its query string (?stack=&calendar=&locale=&mode=&month=&rangeRule=&minLength=
// &maxLength=&maxCount=) becomes the attributes of its <calpolicy-picker> before picker.js defines it.
(() => {
  const params = new URLSearchParams(location.search);
  const picker = document.querySelector("calpolicy-picker");
  for (const name of ["stack", "calendar", "locale", "mode", "month"]) {
    if (params.get(name)) picker.setAttribute(name, params.get(name));
  }
  if (params.get("rangeRule")) picker.setAttribute("range-rule", params.get("rangeRule"));
  const limits = {};
  for (const name of ["minLength", "maxLength", "maxCount"]) {
    const value = params.get(name);
    if (value !== null && /^-?\d+$/.test(value)) limits[name] = Number(value);
  }
  if (Object.keys(limits).length) picker.setAttribute("limits", JSON.stringify(limits));
})();
