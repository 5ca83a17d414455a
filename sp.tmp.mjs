import { execa } from 'execa';
import { spawn } from 'node:child_process';
const N=200;
async function t(fn){ for(let i=0;i<20;i++) await fn(); const a=[]; for(let i=0;i<N;i++){const t0=performance.now(); await fn(); a.push(performance.now()-t0);} a.sort((x,y)=>x-y); return a[N/2].toFixed(2);}
const direct=()=>new Promise(r=>{const c=spawn('bash',['-c','true'],{stdio:['ignore','pipe','pipe'],detached:true}); c.stdout.resume(); c.stderr.resume(); c.on('close',r);});
const ex=()=>new Promise(r=>{const c=execa('bash',['-c','true'],{detached:true,cleanup:false,reject:false,buffer:false,encoding:'buffer',stdio:['ignore','pipe','pipe'],extendEnv:false,env:{PATH:process.env.PATH}}); c.catch(()=>0); c.stdout.resume(); c.stderr.resume(); c.on('close',r);});
const spawnOnly=()=>new Promise(r=>{const t0=performance.now(); const c=spawn('bash',['-c','true'],{stdio:['ignore','pipe','pipe'],detached:true}); const d=performance.now()-t0; c.stdout.resume(); c.stderr.resume(); c.on('close',()=>r(d));});
console.log('direct', await t(direct), 'execa', await t(ex), 'direct', await t(direct));
