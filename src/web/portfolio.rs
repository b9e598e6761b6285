//! A portfolio of Web Workers: one worker per request, the first checked answer wins and every
//! worker is terminated at once (the race's logic is [`crate::portfolio::Race`]).

use std::cell::RefCell;
use std::rc::Rc;

use yew::Callback;

use super::client::Client;
use crate::jobs::{Envelope, Reply, Request};
use crate::portfolio::{runners_for, Outcome, Race};

/// How many workers to race on this machine (`navigator.hardwareConcurrency` less one, 2 to 4).
pub fn runners() -> usize {
    let cores = web_sys::window().map(|w| w.navigator().hardware_concurrency()).unwrap_or(2.0);
    runners_for(if cores.is_finite() && cores > 0.0 { cores as usize } else { 2 })
}

/// Running workers of one race; dropping it terminates them all.
pub struct Portfolio {
    clients: Rc<RefCell<Vec<Client>>>,
}

impl Portfolio {
    /// Starts one worker per request, all under job number `job`; the replies the page should
    /// see go to `on_reply` (the leading worker's progress, then the winner's answer or the
    /// failure when every worker failed).
    pub fn start(job: u32, requests: Vec<Request>, on_reply: Callback<Envelope<Reply>>) -> Self {
        let race = Rc::new(RefCell::new(Race::new(&requests)));
        let clients: Rc<RefCell<Vec<Client>>> = Rc::new(RefCell::new(Vec::new()));
        for (index, request) in requests.into_iter().enumerate() {
            let (race_in, clients_in, out) = (race.clone(), clients.clone(), on_reply.clone());
            let client = Client::new(Callback::from(move |env: Envelope<Reply>| {
                if env.job != job && env.job != u32::MAX {
                    return;
                }
                let Ok(mut r) = race_in.try_borrow_mut() else { return };
                let outcome = r.offer(index, env.body);
                drop(r);
                let finished = match outcome {
                    Outcome::Progress(reply, _) => {
                        out.emit(Envelope { job, body: reply });
                        false
                    }
                    Outcome::Won(reply, _) | Outcome::Failed(reply) => {
                        out.emit(Envelope { job, body: reply });
                        true
                    }
                    Outcome::Ignore => false,
                };
                if finished {
                    // Stop every worker now (the clients stay alive until the portfolio drops).
                    if let Ok(mut cs) = clients_in.try_borrow_mut() {
                        cs.iter_mut().for_each(Client::terminate);
                    }
                }
            }));
            if let Err(e) = client.send(job, request) {
                let failed = Reply::Failed(format!("worker {} could not start: {e}", index + 1));
                if let Outcome::Failed(reply) = race.borrow_mut().offer(index, failed) {
                    on_reply.emit(Envelope { job, body: reply });
                }
            }
            clients.borrow_mut().push(client);
        }
        Portfolio { clients }
    }
}

impl Drop for Portfolio {
    fn drop(&mut self) {
        if let Ok(mut cs) = self.clients.try_borrow_mut() {
            cs.iter_mut().for_each(Client::terminate);
        }
    }
}
