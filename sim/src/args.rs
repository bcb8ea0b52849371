//! The flags of a command, as the commands read them (clap parses and checks the command
//! line in `main.rs`; this is what it hands on).

use std::collections::BTreeMap;
use std::str::FromStr;

#[derive(Debug, Default)]
pub struct Args {
    flags: BTreeMap<String, Vec<String>>,
    pub positional: Vec<String>,
}

impl Args {
    pub fn set(&mut self, key: &str, value: impl ToString) {
        self.flags.insert(key.to_string(), vec![value.to_string()]);
    }

    pub fn set_all(&mut self, key: &str, values: &[String]) {
        self.flags.insert(key.to_string(), values.to_vec());
    }

    #[cfg(test)]
    pub fn parse(argv: &[String]) -> Result<Args, String> {
        let mut a = Args::default();
        let mut i = 0;
        while i < argv.len() {
            let arg = &argv[i];
            if let Some(key) = arg.strip_prefix("--") {
                let (key, value) = match key.split_once('=') {
                    Some((k, v)) => (k.to_string(), v.to_string()),
                    None => {
                        i += 1;
                        let v = argv
                            .get(i)
                            .ok_or_else(|| format!("--{key} needs a value"))?;
                        (key.to_string(), v.clone())
                    }
                };
                a.flags.entry(key).or_default().push(value);
            } else {
                a.positional.push(arg.clone());
            }
            i += 1;
        }
        Ok(a)
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.flags
            .get(key)
            .and_then(|v| v.last())
            .map(|s| s.as_str())
    }

    pub fn all(&self, key: &str) -> Vec<String> {
        self.flags.get(key).cloned().unwrap_or_default()
    }

    pub fn num<T: FromStr>(&self, key: &str) -> Result<Option<T>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(s) => s
                .parse()
                .map(Some)
                .map_err(|_| format!("--{key} {s:?} is not a valid number")),
        }
    }

    pub fn required<T: FromStr>(&self, key: &str) -> Result<T, String> {
        self.num(key)?.ok_or_else(|| format!("--{key} is required"))
    }

    pub fn game(&self) -> Result<String, String> {
        self.get("game")
            .map(str::to_string)
            .ok_or_else(|| "--game is required (goblin-market, duchess, mykonos)".to_string())
    }

    /// Variants may be given as `--variant a --variant b` or `--variant a,b`.
    pub fn variants(&self) -> Vec<String> {
        self.all("variant")
            .iter()
            .flat_map(|v| v.split(',').map(|s| s.trim().to_string()))
            .filter(|s| !s.is_empty())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(s: &str) -> Args {
        Args::parse(&s.split_whitespace().map(String::from).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn flags_values_and_positionals() {
        let x = a("--game goblin-market --players=4 file.ron --variant a,b --variant c");
        assert_eq!(x.get("game"), Some("goblin-market"));
        assert_eq!(x.required::<usize>("players"), Ok(4));
        assert_eq!(x.positional, vec!["file.ron"]);
        assert_eq!(x.variants(), vec!["a", "b", "c"]);
        assert!(x.required::<u64>("seed").is_err());
        assert!(a("--players four").required::<usize>("players").is_err());
        assert!(Args::parse(&["--seed".to_string()]).is_err());
    }
}
